/**
 * The stage console's calls (docs/game-rules.md "Autopilot", "Stage message"): pause or resume the
 * game's autopilot, and put a title card up on the display and the phones (or take it off), as the
 * control screen `screenId`.
 */
import type { components } from '@openapi/admin-api';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';

export type AutopilotState = components['schemas']['AutopilotState'];
export type StageMessage = components['schemas']['StageMessage'];
export type StageMessageData = components['schemas']['StageMessageData'];

const asScreen = (screenId: string | null) => (screenId === null ? {} : { screen_id: screenId });

/** triviaGame/autopilot: the server's message (paused, resumed, or why not) is shown. */
export const autopilot = (gameId: number, screenId: string | null, action: 'pause' | 'resume'): Promise<AutopilotState> =>
  dataOf(client.POST('/triviaGame/autopilot', { body: { trivia_game_id: gameId, action, ...asScreen(screenId) }, ...withOptions({ notify: true }) }));

/** triviaGame/stageMessage: `message` up (replacing the one up), or off (null). */
export const setStageMessage = (gameId: number, screenId: string | null, message: StageMessage | null): Promise<StageMessageData> =>
  dataOf(client.POST('/triviaGame/stageMessage', { body: { trivia_game_id: gameId, stage_message: message, ...asScreen(screenId) }, ...withOptions({ notify: true }) }));
