/**
 * Co-hosting (docs/game-rules.md, "Co-hosting and handover"): this control screen's id and its
 * control calls. The id is kept for the tab (session storage, per game), so a reload is the same
 * screen and resumes control within the handover time instead of losing it.
 */
import type { components } from '@openapi/admin-api';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';
import { session } from '@/app/lib/storage';

export type ControlState = components['schemas']['ControlState'];
export type ControlAction = components['schemas']['TriviaGameControlRequest']['action'];

/** 24 random hex characters (the contract's ControlScreenId: 8 to 64 of [A-Za-z0-9_-]). */
function newScreenId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This tab's control screen id for `gameId` (made once, kept across reloads of the tab). */
export function screenIdFor(gameId: number): string {
  const key = `lt.controlScreen.${gameId}`;
  const known = session.get(key);
  if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  const id = newScreenId();
  session.set(key, id);
  return id;
}

/** triviaGame/control: the server's success message (已取得控制權, 已移交控制權, ...) is shown. */
export const controlGame = (gameId: number, screenId: string, action: ControlAction): Promise<ControlState> =>
  dataOf(client.POST('/triviaGame/control', { body: { trivia_game_id: gameId, screen_id: screenId, action }, ...withOptions({ notify: true }) }));
