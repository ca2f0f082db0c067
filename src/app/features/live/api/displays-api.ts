/**
 * The control screen's calls for venue displays (issue 16): pair the display showing a code, list the
 * displays following the game, unpair one. Pairing leaves its refusals to the caller (shown under the
 * code field); the rest are shown by the API client.
 */
import type { components } from '@openapi/admin-api';
import { api } from '@/app/api/api';

export type DisplayItem = components['schemas']['DisplayItem'];

export const listDisplays = async (gameId: number): Promise<DisplayItem[]> => (await api.post('/triviaGame/displayList', { trivia_game_id: gameId })).list;

export const pairDisplay = async (gameId: number, code: string, name: string): Promise<DisplayItem> =>
  (await api.post('/triviaGame/pairDisplay', { trivia_game_id: gameId, code, ...(name ? { name } : {}) }, { errors: 'caller', notify: true })).display;

export const unpairDisplay = async (gameId: number, displayId: number): Promise<void> => {
  await api.post('/triviaGame/unpairDisplay', { trivia_game_id: gameId, display_id: displayId }, { notify: true });
};
