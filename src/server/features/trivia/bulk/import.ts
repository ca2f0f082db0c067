/**
 * /question/import: questions into a game of the request's company from a sheet, our template's or
 * Kahoot's quiz template (src/domain/question-sheet.ts reads a row; this module reads the upload and
 * knows the game, the images and the database). The steps:
 * - the form (lib/sheet/form.ts): `file` (at most QUESTION_IMPORT_MAX_BYTES), `trivia_game_id` (a game
 *   of the company, else 404 as every game operation answers), `dry_run` '0' | '1';
 * - the file read off the server's thread by lib/sheet (an .xlsx, or a CSV in UTF-8 with or without a
 *   byte-order mark, or in Big5, converted and said in `notices`), its header row found by its texts
 *   within the first HEADER_WITHIN rows that hold something, at most QUESTION_IMPORT_MAX_ROWS data rows
 *   below it;
 * - every cell: the `'` an export put before = + - @ tab or CR to neutralise a formula taken off (so
 *   an export imports as it was written), then the contract's text rule (no control characters; line
 *   breaks allowed in a question's text and explanation only), an error under its column;
 * - every row read by the domain with the game's type and levels (the question form's own rules and
 *   messages), then its images: an image of the company (/files/images/<cid>/…) that exists, or a
 *   path of the company's file store that is an image within the upload's bounds (copied into the
 *   image store on import, checked on a dry run); anything else is an error on its cell and listed in
 *   `missing_images`;
 * - all or nothing: a dry run answers the preview; an import with any row in error creates nothing
 *   (422 on `file` naming the first rows), else every row becomes a question after the game's last,
 *   in the sheet's order, in one transaction (the game's row locked).
 * Images copied for an import whose transaction then fails stay in the image store unused (images are
 * never deleted; a new upload name each time).
 */
import type { FastifyRequest } from 'fastify';
import type { components } from '@openapi/admin-api';
import { formatSheetMessage } from '../../../../domain/sheet-messages.js';
import { kindOf } from '../../../../domain/question-kinds/index.js';
import {
  kahootNotices,
  KAHOOT_HEADERS,
  QUESTION_IMPORT_MAX_ROWS,
  readQuestionHeader,
  readQuestionRow,
  type KahootColumn,
  type QuestionSheetHeader,
  type SheetColumn,
  type SheetGame,
  type SheetQuestion,
  type TemplateColumn,
} from '../../../../domain/question-sheet.js';
import type { GameType } from '../../../../domain/question-rules.js';
import { textProblem, type TextMode } from '../../../contract/plain-text.js';
import type { Db } from '../../../db/client.js';
import { translate, type Lang, type MessageKey } from '../../../i18n.js';
import { FieldErrors, recordNotFound } from '../../../lib/envelope.js';
import { columnName, findHeaderRow, isBlankRow, megabytes, readSheet, readSheetForm, sheetKind, sheetRefusal, type SheetKind, type SheetRow } from '../../../lib/sheet/index.js';
import { detectImageType, IMAGE_MAX_BYTES, IMAGE_URL_PREFIX, imageCompany, storedImageKey, storeImage } from '../../file/images.js';
import type { BlobStore } from '../../file/store/index.js';
import * as q from '../queries.js';
import { questionColumns } from '../service.js';
import './import-messages.js';

type Schemas = components['schemas'];

/** Largest sheet accepted: 1,000 questions of an .xlsx or .csv take a few hundred KB. */
export const QUESTION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The header is looked for among the first rows that hold something (Kahoot's is at about row 8). */
export const HEADER_WITHIN = 30;
/** Rows read between two turns of the event loop (3 to 6 ms of work on this 2-core host under load). */
const ROWS_PER_SLICE = 50;

const GAME_ID = /^[1-9][0-9]{0,9}$/;
/** The `'` an export puts before a formula's first character (lib/results-file.ts neutralizeCell). */
const NEUTRALISED = /^'[=+\-@\t\r]/;

const fileError = (lang: Lang, key: MessageKey, params?: Record<string, string | number>) => new FieldErrors({ file: [translate(lang, key, params)] });

export interface QuestionImportUpload {
  bytes: Buffer;
  gameId: number;
  dryRun: boolean;
}

/** The multipart form (lib/sheet/form.ts: `file` at most QUESTION_IMPORT_MAX_BYTES, `dry_run`) and `trivia_game_id`, in any order. */
export async function readQuestionImportForm(request: FastifyRequest): Promise<QuestionImportUpload> {
  const form = await readSheetForm(request, { maxBytes: QUESTION_IMPORT_MAX_BYTES, fileRequired: 'questionImport.fileRequired' });
  const gameId = form.fields.get('trivia_game_id');
  if (gameId === undefined || gameId === '') form.errors.trivia_game_id = [translate(request.lang, 'field.required')];
  else if (!GAME_ID.test(gameId)) form.errors.trivia_game_id = [translate(request.lang, 'field.pattern')];
  if (Object.keys(form.errors).length > 0) throw new FieldErrors(form.errors);
  return { bytes: form.bytes!, gameId: Number(gameId), dryRun: form.dryRun };
}

/** A cell with the export's neutralising `'` taken off. */
export const unneutralised = (cell: string): string => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

/** The sheet's rows (every cell unneutralised), or the 422 on `file` that says why it cannot be read. */
async function sheetRows(lang: Lang, bytes: Buffer): Promise<{ kind: SheetKind; rows: SheetRow[] }> {
  const kind = sheetKind(bytes, { big5: true });
  if (!kind) throw fileError(lang, 'questionImport.notASheet');
  let rows: SheetRow[];
  try {
    // The rows above the header (Kahoot's title and instructions) count as rows there: room for them.
    rows = await readSheet(bytes, kind, { maxRows: QUESTION_IMPORT_MAX_ROWS + HEADER_WITHIN });
  } catch (error) {
    const refusal = sheetRefusal(error);
    if (!refusal) throw error;
    // Said with the import's own limit (the count is the rows below the first that holds something).
    const params = refusal.key === 'sheet.tooManyRows' ? { ...refusal.params, limit: QUESTION_IMPORT_MAX_ROWS } : refusal.params;
    throw fileError(lang, refusal.key, params);
  }
  return { kind, rows: rows.map((row) => ({ row: row.row, cells: row.cells.map(unneutralised) })) };
}

/** The header row and what it says, or the 422 on `file` naming what is wrong with it. */
function sheetHeader(lang: Lang, rows: readonly SheetRow[]): { row: SheetRow; header: QuestionSheetHeader } {
  const row = findHeaderRow(rows, (cells) => readQuestionHeader(cells) !== null, { within: HEADER_WITHIN });
  if (!row) throw fileError(lang, 'questionImport.noHeader', { within: HEADER_WITHIN });
  const header = readQuestionHeader(row.cells)!;
  const named = (columns: SheetColumn[]) => columns.map((column) => (header.layout === 'kahoot' ? `"${KAHOOT_HEADERS[column as KahootColumn]}"` : column)).join(', ');
  if (header.missing.length) throw fileError(lang, 'questionImport.missingColumns', { row: row.row, columns: named(header.missing) });
  if (header.repeated.length) throw fileError(lang, 'questionImport.repeatedColumns', { row: row.row, columns: named(header.repeated) });
  return { row, header };
}

// ------------------------------------------------------------------ cells

/** The question's field a column's cell is read into (a control character is reported under it). */
const TEMPLATE_FIELDS: Record<TemplateColumn, string> = {
  kind: 'question_type',
  title: 'title',
  text: 'question_text',
  image: 'question_img',
  video: 'pre_video_url',
  level: 'level_id',
  seconds: 'answering_time',
  score: 'score',
  bonus: 'is_bonus',
  option_A: 'options.0.text',
  option_B: 'options.1.text',
  option_C: 'options.2.text',
  option_D: 'options.3.text',
  image_A: 'options.0.img',
  image_B: 'options.1.img',
  image_C: 'options.2.img',
  image_D: 'options.3.img',
  answer: 'answer',
  ignore_punctuation: 'ignore_punctuation',
  slider_min: 'slider.min',
  slider_max: 'slider.max',
  slider_step: 'slider.step',
  slider_tolerance: 'slider.tolerance',
  slider_unit: 'slider.unit',
  explanation: 'explanation',
};
const KAHOOT_FIELDS: Record<KahootColumn, string> = {
  question: 'question_text',
  answer_1: 'options.0.text',
  answer_2: 'options.1.text',
  answer_3: 'options.2.text',
  answer_4: 'options.3.text',
  time: 'answering_time',
  correct: 'answer',
};
/** The cells that may hold line breaks and tabs: a question's text and its explanation (the contract's x-multiline). */
const MULTILINE = new Set<SheetColumn>(['text', 'explanation', 'question']);

const fieldOfColumn = (header: QuestionSheetHeader, column: SheetColumn): string =>
  header.layout === 'kahoot' ? KAHOOT_FIELDS[column as KahootColumn] : TEMPLATE_FIELDS[column as TemplateColumn];

/** A problem the server found, with its message already in the request's language. */
interface CellProblem {
  column: SheetColumn | null;
  field: string;
  severity: 'error' | 'warning';
  message: string;
}

/** The contract's text rule on each of a row's cells the header names: an error under its column. */
function textProblems(lang: Lang, header: QuestionSheetHeader, cells: readonly string[]): CellProblem[] {
  const problems: CellProblem[] = [];
  for (const [column, index] of Object.entries(header.columns) as Array<[SheetColumn, number]>) {
    const mode: TextMode = MULTILINE.has(column) ? 'multiline' : 'line';
    const problem = textProblem(cells[index] ?? '', mode);
    if (!problem) continue;
    const key: MessageKey = problem === 'invalidCharacters' ? 'field.invalidCharacters' : mode === 'multiline' ? 'field.controlCharactersMultiline' : 'field.controlCharacters';
    problems.push({ column, field: fieldOfColumn(header, column), severity: 'error', message: translate(lang, key) });
  }
  return problems;
}

// ------------------------------------------------------------------ images

/** What an image cell names: an image of the company kept as it is, a file of its store copied on import, or a refusal. */
type ImageSource = { kind: 'image'; url: string } | { kind: 'file'; storageKey: string } | { kind: 'refused'; key: MessageKey; params: Record<string, string | number> };

/** Where an image name leads, checked against the company's images and file store (never read whole here). */
async function imageSource(db: Db, store: BlobStore, companyId: number, name: string): Promise<ImageSource> {
  const missing: ImageSource = { kind: 'refused', key: 'questionImport.imageMissing', params: { value: name } };
  if (name.startsWith(`${IMAGE_URL_PREFIX}/`)) {
    if (imageCompany(name) !== companyId) return { kind: 'refused', key: 'questionImport.imageNotOwn', params: { value: name } };
    const stored = storedImageKey(name.slice(IMAGE_URL_PREFIX.length + 1));
    return stored && (await store.head(stored.key)) ? { kind: 'image', url: name } : missing;
  }
  // A path of the file manager, as it shows it (a leading `/` allowed).
  const file = await q.companyFileAt(db, companyId, name.replace(/^\/+/, '').normalize('NFC'));
  if (!file) return missing;
  if (file.size > IMAGE_MAX_BYTES) return { kind: 'refused', key: 'questionImport.imageTooLarge', params: { value: name, limit: megabytes(IMAGE_MAX_BYTES) } };
  // The upload's own check (images.ts): the type by the bytes, never by the name.
  if (!detectImageType(await store.read(file.storageKey, 0, 16))) return { kind: 'refused', key: 'questionImport.notAnImage', params: { value: name } };
  return { kind: 'file', storageKey: file.storageKey };
}

/** The image fields a draft uses (the kind's options only where the kind has options), by field. */
function imageFields(question: SheetQuestion): Array<{ field: string; column: TemplateColumn; name: string }> {
  const { draft } = question;
  const fields: Array<{ field: string; column: TemplateColumn; name: string }> = [];
  if (draft.question_img.trim()) fields.push({ field: 'question_img', column: 'image', name: draft.question_img.trim() });
  if (kindOf(draft.question_type).options !== null) {
    draft.options.forEach((option, index) => {
      if (option.img.trim()) fields.push({ field: `options.${index}.img`, column: `image_${option.title}` as TemplateColumn, name: option.img.trim() });
    });
  }
  return fields;
}

/** A file of the store copied into the company's images (the upload's checks again on the whole bytes): its URL. */
async function copiedImage(store: BlobStore, companyId: number, storageKey: string): Promise<string> {
  const blob = await store.get(storageKey);
  if (!blob) throw new Error(`the file store has no bytes under ${storageKey}`);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const type = detectImageType(bytes);
  if (!type || bytes.length > IMAGE_MAX_BYTES) throw new Error(`the file under ${storageKey} changed while it was imported`);
  return storeImage(store, companyId, bytes, type);
}

// ------------------------------------------------------------------ the import

export interface QuestionImportContext {
  db: Db;
  store: BlobStore;
  companyId: number;
  lang: Lang;
}

export interface QuestionImportOutcome {
  data: Schemas['QuestionImportData'];
  /** The ids of the questions created, in sheet order (none on a dry run). */
  ids: number[];
}

/** The column letter and header text of a problem's column, as the sheet has them ('' when the sheet has no such column). */
function placeOf(header: QuestionSheetHeader, headerCells: readonly string[], column: SheetColumn | null): { column: string; header: string } {
  const index = column === null ? undefined : header.columns[column];
  return index === undefined ? { column: '', header: '' } : { column: columnName(index + 1), header: (headerCells[index] ?? '').trim() };
}

/** "5, 7, 9" or "5, 7, 9 and 3 more": the first rows in error, for the refusal. */
function rowsNamed(lang: Lang, rows: number[]): string {
  const shown = rows.slice(0, 5).join(', ');
  return rows.length > 5 ? translate(lang, 'questionImport.moreRows', { rows: shown, more: rows.length - 5, count: rows.length }) : shown;
}

/** Reads and checks the upload for the game; unless `dryRun`, creates every row's question (or none). */
export async function importQuestions(context: QuestionImportContext, upload: QuestionImportUpload): Promise<QuestionImportOutcome> {
  const { db, store, companyId, lang } = context;
  const game = await q.findGame(db, companyId, upload.gameId);
  if (!game) throw recordNotFound();

  const { kind, rows } = await sheetRows(lang, upload.bytes);
  const { row: headerRow, header } = sheetHeader(lang, rows);
  const data = rows.filter((row) => row.row > headerRow.row && !isBlankRow(row.cells));
  if (data.length === 0) throw fileError(lang, 'questionImport.noRows', { row: headerRow.row });
  if (data.length > QUESTION_IMPORT_MAX_ROWS) throw fileError(lang, 'sheet.tooManyRows', { limit: QUESTION_IMPORT_MAX_ROWS, count: data.length });

  const levels = game.type === 2 ? await q.listLevels(db, game.id) : [];
  const sheetGame: SheetGame = { type: game.type as GameType, levels: levels.map((level) => ({ id: level.id, level: level.level })) };

  // Every row read, a slice at a time with the event loop let through between slices (a live game's
  // messages wait on this thread): 1,000 rows in one go held it for 75 to 125 ms.
  const read: Array<{ question: SheetQuestion; problems: CellProblem[]; images: Array<{ field: string; name: string; source: ImageSource }> }> = [];
  for (const [index, { row, cells }] of data.entries()) {
    if (index > 0 && index % ROWS_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    const question = readQuestionRow(row, cells, header, sheetGame);
    // Kahoot's question is the title too: a title is one line.
    if (header.layout === 'kahoot') question.draft.title = question.draft.title.replace(/\s*[\t\r\n]+\s*/g, ' ');
    const problems: CellProblem[] = question.problems.map((problem) => ({
      column: problem.column,
      field: problem.field,
      severity: problem.severity,
      message: formatSheetMessage(lang, problem.key, problem.params),
    }));
    problems.push(...textProblems(lang, header, cells));
    read.push({ question, problems, images: [] });
  }

  // The images the rows name, each name looked up once; a refused one is an error on its cell.
  const names = [...new Set(read.flatMap(({ question }) => imageFields(question).map((image) => image.name)))];
  const sources = new Map(names.map((name, index) => [name, index]));
  const resolved = await Promise.all(names.map((name) => imageSource(db, store, companyId, name)));
  const missingImages = new Set<string>();
  for (const entry of read) {
    for (const image of imageFields(entry.question)) {
      const source = resolved[sources.get(image.name)!]!;
      if (source.kind === 'refused') {
        missingImages.add(image.name);
        entry.problems.push({ column: image.column, field: image.field, severity: 'error', message: translate(lang, source.key, source.params) });
      } else entry.images.push({ field: image.field, name: image.name, source });
    }
  }

  const inError = read.filter((entry) => entry.problems.some((problem) => problem.severity === 'error')).map((entry) => entry.question.row);
  const notices = [
    ...(kind.kind === 'csv' && kind.encoding === 'big5' ? [translate(lang, 'questionImport.big5')] : []),
    ...(header.layout === 'kahoot' ? kahootNotices(sheetGame).map((notice) => formatSheetMessage(lang, notice.key, notice.params)) : []),
  ];

  let ids: number[] = [];
  if (!upload.dryRun) {
    if (inError.length > 0) throw fileError(lang, 'questionImport.rowsInError', { rows: rowsNamed(lang, inError), count: inError.length });
    // Files of the store become images of the company, each once, before the transaction.
    const copies = new Map<string, Promise<string>>();
    for (const { question, images } of read) {
      for (const image of images) {
        if (image.source.kind !== 'file') continue;
        const { storageKey } = image.source;
        if (!copies.has(storageKey)) copies.set(storageKey, copiedImage(store, companyId, storageKey));
        const url = await copies.get(storageKey)!;
        if (image.field === 'question_img') question.draft.question_img = url;
        else question.draft.options[Number(image.field.split('.')[1])]!.img = url;
      }
    }
    ids = await db.transaction(async (tx) => {
      // The game locked: it still exists, and a second import into it waits for this one's sort numbers.
      if (!(await q.findGame(tx, companyId, game.id, { lock: true }))) throw recordNotFound();
      return q.appendQuestions(
        tx,
        game.id,
        read.map(({ question }) => questionColumns(question.draft)),
      );
    });
  }

  return {
    data: {
      layout: header.layout,
      encoding: kind.kind === 'csv' ? kind.encoding : null,
      header_row: headerRow.row,
      total: read.length,
      invalid: inError.length,
      created: ids.length,
      notices,
      missing_images: [...missingImages],
      rows: read.map(({ question, problems }) => ({
        row: question.row,
        question: { ...question.draft },
        level: question.level,
        problems: problems.map((problem) => ({ ...placeOf(header, headerRow.cells, problem.column), field: problem.field, severity: problem.severity, message: problem.message })),
      })),
    },
    ids,
  };
}
