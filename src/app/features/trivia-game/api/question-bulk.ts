/**
 * The calls of the question list's bulk screens (issue 35), typed by the contract and made through
 * the app's one API client, which shows failures (the error catalogue): the import (`upload`, a
 * multipart form, dry run or not), its template, the export (with the Kahoot export's count of
 * questions left out, from its `X-Questions-Left-Out` header), copy, move and delete of a selection.
 */
import type { components } from '@openapi/admin-api';
import { asFile, dataOf, type DownloadedFile, fileOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { upload } from '@/app/api/upload';

export type QuestionImportData = components['schemas']['QuestionImportData'];
export type QuestionImportRow = components['schemas']['QuestionImportRow'];
export type QuestionSheetProblem = components['schemas']['QuestionSheetProblem'];
export type QuestionCopyData = components['schemas']['QuestionCopyData'];
export type ExportFormat = components['schemas']['QuestionExportRequest']['format'];

export const questionBulkApi = {
  /** The import's template, as the server names it. */
  template: (format: 'xlsx' | 'csv') => fileOf(client.POST('/question/importTemplate', { body: { format }, ...asFile() })),
  /** `dryRun`: only check the sheet and answer its rows (the preview); nothing is created. */
  importSheet: (gameId: number, file: File, dryRun: boolean) => {
    const form = new FormData();
    form.append('trivia_game_id', String(gameId));
    form.append('dry_run', dryRun ? '1' : '0');
    form.append('file', file, file.name);
    return upload('/question/import', form);
  },
  /** The game's questions as a file, and (a Kahoot export) how many were left out. */
  export: async (gameId: number, format: ExportFormat): Promise<DownloadedFile & { leftOut: number }> => {
    const answer = await client.POST('/question/export', { body: { trivia_game_id: gameId, format }, ...asFile() });
    const file = await fileOf(Promise.resolve(answer));
    const leftOut = Number(answer.response.headers.get('x-questions-left-out') ?? 0);
    return { ...file, leftOut: Number.isInteger(leftOut) && leftOut > 0 ? leftOut : 0 };
  },
  copy: (ids: number[], gameId: number, dryRun: boolean) => dataOf(client.POST('/question/copy', { body: { ids, trivia_game_id: gameId, dry_run: dryRun } })),
  move: (gameId: number, ids: number[], by: -1 | 1) => dataOf(client.POST('/question/move', { body: { trivia_game_id: gameId, ids, by } })),
  deleteBatch: (gameId: number, ids: number[]) => dataOf(client.POST('/question/deleteBatch', { body: { trivia_game_id: gameId, ids } })),
  /** The company's games to copy into (the newest first; one page of the contract's largest size). */
  games: async () => (await dataOf(client.POST('/triviaGame/list', { body: { page: 1, limit: 100, order: 'desc', sort: '' } }))).list,
};
