/**
 * /question/importTemplate: our question sheet's template (src/domain/question-sheet.ts), as an
 * Excel workbook — a "Questions" sheet with the header (TEMPLATE_COLUMNS, in English: the import
 * reads them) and one example row per kind in the request's language, and a "說明 Instructions" sheet
 * saying what each column holds in Chinese and English — or as a CSV of the header and the examples
 * (UTF-8 with a byte-order mark). Importing the template as it is into an empty speed contest creates
 * its eight examples.
 */
import { TEMPLATE_COLUMNS, TEMPLATE_HELP, templateExamples } from '../../../../domain/question-sheet.js';
import type { Lang } from '../../../i18n.js';
import { CSV_TYPE, toCsv, toXlsx, XLSX_TYPE, type Table } from '../../../lib/results-file.js';

/** Column widths of the Questions sheet: wide for texts, narrow for numbers and flags. */
const WIDE = new Set<string>(['title', 'text', 'answer', 'explanation', 'image']);

export async function questionImportTemplate(format: 'xlsx' | 'csv', lang: Lang): Promise<{ body: Buffer; type: string; name: string }> {
  const questions: Table = {
    name: 'Questions',
    headers: [...TEMPLATE_COLUMNS],
    rows: templateExamples(lang),
    widths: TEMPLATE_COLUMNS.map((column) => (WIDE.has(column) ? 28 : column.startsWith('option_') || column.startsWith('image_') ? 14 : 10)),
  };
  if (format === 'csv') return { body: toCsv(questions), type: CSV_TYPE, name: 'question-import-template.csv' };
  const help: Table = {
    name: '說明 Instructions',
    headers: ['column', '中文', 'English'],
    rows: TEMPLATE_COLUMNS.map((column) => [column, TEMPLATE_HELP[column]['zh-TW'], TEMPLATE_HELP[column].en]),
    widths: [18, 60, 70],
  };
  const body = await toXlsx([questions, help], { title: 'Question import template', created: new Date() });
  return { body, type: XLSX_TYPE, name: 'question-import-template.xlsx' };
}
