/**
 * A rehearsal with simulated players (docs/venue.md, "Rehearse with simulated players"): the server
 * runs the bots; this screen starts and stops them as the control screen `screenId`.
 */
import type { components } from '@openapi/admin-api';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';

export type RehearsalState = components['schemas']['RehearsalState'];

/** The most simulated players of a rehearsal (the contract's bound). */
export const MAX_REHEARSAL_PLAYERS = 2_000;
/** What the switch offers first. */
export const DEFAULT_REHEARSAL_PLAYERS = 50;

/** triviaGame/rehearsal: the server's message (彩排開始 …, 彩排結束 …, or why not) is shown. */
export const rehearse = (gameId: number, screenId: string | null, action: 'start' | 'stop', players?: number): Promise<RehearsalState> =>
  dataOf(client.POST('/triviaGame/rehearsal', { body: { trivia_game_id: gameId, action, ...(players === undefined ? {} : { players }), ...(screenId === null ? {} : { screen_id: screenId }) }, ...withOptions({ notify: true }) }));
