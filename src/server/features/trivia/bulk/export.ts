/**
 * A game's questions as a spreadsheet (/question/export), in the game's order (sort, then id):
 * - `xlsx` / `csv`: our template (src/domain/question-sheet.ts) — TEMPLATE_COLUMNS as the header, one
 *   templateRow a question with its level's number, so that /question/import of the file into an empty
 *   game of the same type gives the same questions;
 * - `kahoot`: a workbook shaped like Kahoot's own quiz template — title and instruction rows, then the
 *   header (column A blank, B–H Kahoot's headers), then one row a question with its number in column A
 *   — holding the choice questions Kahoot can take (kahootRow); the others are counted (the
 *   X-Questions-Left-Out header) and listed with the reason on a second sheet.
 * Cells are written by lib/results-file.ts, which neutralises a text that a spreadsheet would run as a
 * formula (`'` before = + - @ tab CR; the import strips it) and keeps numbers as numbers. Reads only.
 */
import type { components } from '@openapi/admin-api';
import { formatSheetMessage } from '../../../../domain/sheet-messages.js';
import { KAHOOT_COLUMNS, KAHOOT_HEADERS, kahootRow, TEMPLATE_COLUMNS, templateRow, type SheetCell } from '../../../../domain/question-sheet.js';
import type { Db } from '../../../db/client.js';
import { translate, type Lang, type MessageKey } from '../../../i18n.js';
import { recordNotFound } from '../../../lib/envelope.js';
import { attachmentHeader, CSV_TYPE, toCsv, toXlsx, XLSX_TYPE, type Table } from '../../../lib/results-file.js';
import * as q from '../queries.js';
import { draftOf } from '../service.js';
import './messages.js';

export interface ExportedFile {
  body: Buffer;
  contentType: string;
  contentDisposition: string;
  /** Kahoot's format: the questions left out. */
  leftOut: number | null;
}

/** The first row of Kahoot's own quiz template, kept in its words so the file reads as Kahoot's. */
const KAHOOT_TITLE = 'Quiz template';

export async function exportQuestions(db: Db, lang: Lang, companyId: number, input: components['schemas']['QuestionExportRequest']): Promise<ExportedFile> {
  const game = await q.findGame(db, companyId, input.trivia_game_id);
  if (!game) throw recordNotFound();
  const [list, levels] = await Promise.all([q.gameQuestions(db, game.id), q.listLevels(db, game.id)]);
  const levelNumber = new Map(levels.map((level) => [level.id, level.level]));
  const meta = { title: game.title, created: new Date() };

  if (input.format === 'kahoot') {
    const rows: SheetCell[][] = [];
    const leftOut: SheetCell[][] = [];
    for (const question of list) {
      const written = kahootRow(draftOf(question), lang);
      if ('cells' in written) rows.push([rows.length + 1, ...written.cells]);
      else leftOut.push([question.sort, question.title, translate(lang, `questionBulk.kind.${question.questionType}` as MessageKey), formatSheetMessage(lang, written.leftOut)]);
    }
    const quiz: Table = {
      name: translate(lang, 'questionBulk.kahootSheet'),
      preamble: [[KAHOOT_TITLE], [translate(lang, 'questionBulk.kahootInstructions')], ['']],
      headers: ['', ...KAHOOT_COLUMNS.map((column) => KAHOOT_HEADERS[column])],
      rows,
      widths: [5, 60, 30, 30, 30, 30, 16, 16],
    };
    const skipped: Table = {
      name: translate(lang, 'questionBulk.leftOutSheet'),
      headers: (['questionBulk.leftOutOrder', 'questionBulk.leftOutTitle', 'questionBulk.leftOutKind', 'questionBulk.leftOutReason'] as const).map((key) => translate(lang, key)),
      rows: leftOut,
      widths: [8, 40, 16, 60],
    };
    return {
      body: await toXlsx([quiz, skipped], meta),
      contentType: XLSX_TYPE,
      contentDisposition: attachmentHeader(`${game.title} kahoot.xlsx`),
      leftOut: leftOut.length,
    };
  }

  const table: Table = {
    name: translate(lang, 'questionBulk.templateSheet'),
    headers: [...TEMPLATE_COLUMNS],
    rows: list.map((question) => templateRow(draftOf(question), question.levelId === null ? null : (levelNumber.get(question.levelId) ?? null))),
  };
  const csv = input.format === 'csv';
  return {
    body: csv ? toCsv(table) : await toXlsx([table], meta),
    contentType: csv ? CSV_TYPE : XLSX_TYPE,
    contentDisposition: attachmentHeader(`${game.title} questions.${csv ? 'csv' : 'xlsx'}`),
    leftOut: null,
  };
}
