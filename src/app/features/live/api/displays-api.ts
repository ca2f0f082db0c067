/**
 * The control screen's calls for venue displays (issue 16): pair the display showing a code, list the
 * displays following the game, unpair one. Pairing leaves its refusals to the caller (shown under the
 * code field); the rest are shown by the API client.
 */
import type { components } from '@openapi/admin-api';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';

export type DisplayItem = components['schemas']['DisplayItem'];

export const listDisplays = async (gameId: number): Promise<DisplayItem[]> => (await dataOf(client.POST('/triviaGame/displayList', { body: { trivia_game_id: gameId } }))).list;

export const pairDisplay = async (gameId: number, code: string, name: string): Promise<DisplayItem> =>
  (await dataOf(client.POST('/triviaGame/pairDisplay', { body: { trivia_game_id: gameId, code, ...(name ? { name } : {}) }, ...withOptions({ errors: 'caller', notify: true }) }))).display;

export const unpairDisplay = async (gameId: number, displayId: number): Promise<void> => {
  await dataOf(client.POST('/triviaGame/unpairDisplay', { body: { trivia_game_id: gameId, display_id: displayId }, ...withOptions({ notify: true }) }));
};
