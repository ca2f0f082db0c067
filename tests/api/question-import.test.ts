/**
 * Importing questions from a sheet (POST /question/import, multipart `file`, `trivia_game_id`,
 * `dry_run`) and downloading its template (POST /question/importTemplate), as an operator meets
 * them on the real server: Kahoot's quiz template as Kahoot offers it (title and instruction rows,
 * the header at row 8) with every answer and time limit right; our template's eight examples round
 * trip; a Big5 CSV is converted; a bad row is named by row, column letter and header with the
 * editor's message in both languages and nothing is imported; formulas arrive as text; images of the
 * company kept, files of its store copied into its images, any other image refused and listed;
 * permission, tenancy and the row limit (1,000 Kahoot questions below its title rows taken whole,
 * 1,001 template rows refused); levels by number in a level game; the audit trail. Every JSON answer is
 * checked against the contract (tests/support/api).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { formatSheetMessage } from '@/domain/sheet-messages';
import { KAHOOT_HEADERS, TEMPLATE_COLUMNS, templateExamples } from '@/domain/question-sheet';
import { auditLog, files, questions } from '@/server/db/schema';
import { translate } from '@/server/i18n';
import { solidPng } from '@/server/lib/png';
import { createTestApp } from '../support/app';
import { call, checkedResult, login, type CallOptions } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';
import { multipartBody, type FormPart } from '../support/multipart';

let app: FastifyInstance;
let token: string;
let company2: number;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  company2 = await createCompany(app, 'Import agency two');
});
afterAll(() => app.close());

const api = (path: string, body: unknown, options: CallOptions = {}) => call(app, path, body, { token, ...options });

async function createGame(title: string, type: 1 | 2 = 1, cid = '1'): Promise<number> {
  const res = await api('/triviaGame/create', { title, type }, { cid });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

interface ImportOptions {
  dryRun?: '0' | '1';
  lang?: 'zh-TW' | 'en';
  as?: string;
  cid?: string;
  filename?: string;
}

/** The form as the import dialog sends it: the game, the file, then dry_run. */
async function importSheet(gameId: number, bytes: Buffer, options: ImportOptions = {}) {
  const parts: FormPart[] = [
    { name: 'trivia_game_id', value: String(gameId) },
    { name: 'file', filename: options.filename ?? 'questions.xlsx', bytes },
    { name: 'dry_run', value: options.dryRun ?? '0' },
  ];
  const { body, contentType } = multipartBody(parts);
  const headers: Record<string, string> = { 'content-type': contentType, authorization: `Bearer ${options.as ?? token}`, lang: options.lang ?? 'en' };
  if (options.cid) headers.cid = options.cid;
  const res = await app.inject({ method: 'POST', url: '/api/admin/question/import', payload: body, headers });
  return checkedResult('/question/import', res);
}

type Cell = string | number | null;

/** A workbook as write-excel-file writes it (what a script or another tool may send), cells as given. */
const xlsx = (rows: Cell[][]): Promise<Buffer> => writeXlsxFile(rows.map((row) => row.map((cell) => (cell === null ? null : { value: cell })))).toBuffer();

function csv(rows: Cell[][], bom = true): Buffer {
  const field = (cell: Cell) => {
    const text = cell === null ? '' : String(cell);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from((bom ? '\uFEFF' : '') + rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n', 'utf8');
}

const storedQuestions = (gameId: number) => app.db.select().from(questions).where(eq(questions.triviaGameId, gameId)).orderBy(asc(questions.sort));

async function template(format: 'xlsx' | 'csv', lang: 'zh-TW' | 'en') {
  return app.inject({
    method: 'POST',
    url: '/api/admin/question/importTemplate',
    payload: JSON.stringify({ format }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, lang },
  });
}

// ------------------------------------------------------------------ Kahoot's template

/** Kahoot's quiz template as its download has it: a title, instructions, the header at row 8 in B–H. */
const KAHOOT_TIMES = [5, 10, 20, 30, 60, 90, 120, 240];
const kahootQuestions = Array.from({ length: 20 }, (_, i) => {
  const n = i + 1;
  const answers = n % 5 === 0 ? [`Yes ${n}`, `No ${n}`, null, null] : [`A${n}`, `B${n}`, `C${n}`, n % 2 === 0 ? `D${n}` : null];
  const correct = n % 5 === 0 ? '2' : n % 4 === 0 ? '1,3' : String((n % 3) + 1);
  return { question: `Kahoot question number ${n}?`, answers, time: KAHOOT_TIMES[i % KAHOOT_TIMES.length]!, correct };
});

async function kahootWorkbook(): Promise<Buffer> {
  const rows: Cell[][] = [
    [null, 'Quiz template'],
    [null, 'Add questions, at least two answer alternatives, time limit and choose correct answers (at least one).'],
    [null, 'Have fun creating your awesome quiz!'],
    [null, 'Remember: questions have a limit of 120 characters and answers can have 75 characters max.'],
    [null, 'Text will turn red in Excel or Google Sheets if you exceed this limit.'],
    [null, 'If several answers are correct, separate them with a comma.'],
    [null, 'See an example question below (don\'t forget to overwrite this with your first question!)'],
    [
      null,
      KAHOOT_HEADERS.question,
      KAHOOT_HEADERS.answer_1,
      KAHOOT_HEADERS.answer_2,
      KAHOOT_HEADERS.answer_3,
      KAHOOT_HEADERS.answer_4,
      KAHOOT_HEADERS.time,
      KAHOOT_HEADERS.correct,
    ],
    ...kahootQuestions.map((q, i): Cell[] => [i + 1, q.question, ...q.answers, q.time, q.correct]),
  ];
  return xlsx(rows);
}

describe("Kahoot's quiz template", () => {
  it('imports 20 questions with every answer and time limit right, after the game\'s last question', async () => {
    const gameId = await createGame('Kahoot night');
    await api('/question/create', {
      trivia_game_id: gameId,
      title: 'Already there',
      question_text: 'Kept first',
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 20,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: [
        { title: 'A', text: 'x', img: '' },
        { title: 'B', text: 'y', img: '' },
      ],
      answer: ['A'],
    });
    const bytes = await kahootWorkbook();
    const preview = await importSheet(gameId, bytes, { dryRun: '1' });
    expect(preview.body).toMatchObject({ code: 200, message: '20 rows checked, 0 with errors' });
    expect(preview.body.data).toMatchObject({ layout: 'kahoot', encoding: null, header_row: 8, total: 20, invalid: 0, created: 0, missing_images: [] });
    expect((await storedQuestions(gameId)).length).toBe(1);

    const res = await importSheet(gameId, bytes);
    expect(res.body).toMatchObject({ code: 200, message: '20 questions imported', data: { created: 20, total: 20 } });
    const stored = await storedQuestions(gameId);
    expect(stored.map((q) => q.title)).toEqual(['Already there', ...kahootQuestions.map((q) => q.question)]);
    expect(stored.map((q) => q.sort)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    kahootQuestions.forEach((expected, i) => {
      const q = stored[i + 1]!;
      const filled = expected.answers.filter((a): a is string => a !== null);
      const letters = expected.correct.split(',').map((n) => 'ABCD'[Number(n) - 1]);
      expect({ type: q.questionType, text: q.questionText, options: q.options.map((o) => o.text), answer: q.answer, seconds: q.answeringTime, timed: q.haveAnsweringTime }).toEqual({
        type: letters.length > 1 ? 2 : 1,
        text: expected.question,
        options: filled,
        answer: letters,
        seconds: expected.time,
        timed: 1,
      });
    });
  });
});

describe("Kahoot's quiz template at the row limit", () => {
  it('takes 1,000 questions below its title rows, a question on two lines titled on one, and notes the import in the audit trail', async () => {
    const gameId = await createGame('Kahoot thousand');
    const rows: Cell[][] = [
      [null, 'Quiz template'],
      [null, 'Add questions, at least two answer alternatives, time limit and choose correct answers (at least one).'],
      [null, KAHOOT_HEADERS.question, KAHOOT_HEADERS.answer_1, KAHOOT_HEADERS.answer_2, KAHOOT_HEADERS.answer_3, KAHOOT_HEADERS.answer_4, KAHOOT_HEADERS.time, KAHOOT_HEADERS.correct],
      ...Array.from({ length: 1000 }, (_, i): Cell[] => [i + 1, i === 0 ? 'First line\nsecond line' : `Question ${i + 1}`, 'a', 'b', 'c', null, 30, i % 2 ? '1,2' : '3']),
    ];
    const res = await importSheet(gameId, await xlsx(rows));
    expect(res.body).toMatchObject({ code: 200, data: { layout: 'kahoot', header_row: 3, total: 1000, created: 1000 } });
    const stored = await storedQuestions(gameId);
    expect(stored).toHaveLength(1000);
    expect(stored[0]).toMatchObject({ title: 'First line second line', questionText: 'First line\nsecond line', questionType: 1, answer: ['C'] });
    expect(stored[999]).toMatchObject({ title: 'Question 1000', questionType: 2, answer: ['A', 'B'], answeringTime: 30 });
    await app.auditTrail.settled();
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, 'questionImport'), eq(auditLog.targetId, String(gameId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ targetType: 'triviaGame', outcome: 'success', summary: 'imported 1000 questions from 1000 rows (kahoot)' });
  });
});

// ------------------------------------------------------------------ our template

describe('our template', () => {
  it('downloads as a workbook with the questions and the instructions, and as a CSV with a BOM', async () => {
    const book = await template('xlsx', 'en');
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-type']).toContain('spreadsheetml');
    expect(book.headers['content-disposition']).toContain('question-import-template.xlsx');
    const sheets = await readXlsxFile(book.rawPayload);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Questions', '說明 Instructions']);
    const [first, help] = sheets.map((sheet) => sheet.data);
    expect(first![0]).toEqual([...TEMPLATE_COLUMNS]);
    expect(first).toHaveLength(9);
    expect(help![0]).toEqual(['column', '中文', 'English']);
    expect(help!.map((row) => row[0])).toEqual(['column', ...TEMPLATE_COLUMNS]);

    const text = await template('csv', 'zh-TW');
    expect(text.headers['content-disposition']).toContain('question-import-template.csv');
    expect(text.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text.rawPayload.toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${TEMPLATE_COLUMNS.join(',')}`);
  });

  it.each(['xlsx', 'csv'] as const)('the %s template imported as it is creates its eight examples, one of each kind', async (format) => {
    const gameId = await createGame(`Template ${format}`);
    const file = await template(format, 'zh-TW');
    const res = await importSheet(gameId, file.rawPayload, { lang: 'zh-TW', filename: `template.${format}` });
    expect(res.body).toMatchObject({ code: 200, message: '已匯入 8 題', data: { layout: 'template', header_row: 1, created: 8, invalid: 0 } });
    const errors = (res.body.data.rows as Array<{ problems: Array<{ severity: string }> }>).flatMap((row) => row.problems.filter((p) => p.severity === 'error'));
    expect(errors).toEqual([]);
    const stored = await storedQuestions(gameId);
    expect(stored.map((q) => q.questionType)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const examples = templateExamples('zh-TW');
    const column = (name: (typeof TEMPLATE_COLUMNS)[number]) => TEMPLATE_COLUMNS.indexOf(name);
    expect(stored.map((q) => q.title)).toEqual(examples.map((row) => row[column('title')]));
    expect(stored.map((q) => q.questionText)).toEqual(examples.map((row) => row[column('text')]));
    expect(stored[1]!.answer).toEqual(['A', 'C']);
    expect(stored[4]!.acceptedAnswers).toEqual(['玉山', '玉山主峰']);
    expect(stored[5]!.slider).toMatchObject({ min: 1990, max: 2020, answer: 2004, tolerance: 1, unit: '年' });
    expect(stored[6]!.answer).toEqual(['A', 'B', 'C']);
  });

  it('reads a Big5 CSV (Excel on a zh-TW Windows) and says it converted it', async () => {
    const gameId = await createGame('Big5');
    // kind,title,text,option_A,option_B,answer / 單選,首都,日本的首都是?,東京,大阪,A — in Big5 bytes.
    const bytes = Buffer.concat([
      Buffer.from('kind,title,text,option_A,option_B,answer\r\n', 'ascii'),
      Buffer.from([0xb3, 0xe6, 0xbf, 0xef, 0x2c, 0xad, 0xba, 0xb3, 0xa3, 0x2c]),
      Buffer.from([0xa4, 0xe9, 0xa5, 0xbb, 0xaa, 0xba, 0xad, 0xba, 0xb3, 0xa3, 0xac, 0x4f, 0x3f, 0x2c]),
      Buffer.from([0xaa, 0x46, 0xa8, 0xca, 0x2c, 0xa4, 0x6a, 0xa8, 0xc1, 0x2c, 0x41, 0x0d, 0x0a]),
    ]);
    expect(new TextDecoder('big5').decode(bytes)).toBe('kind,title,text,option_A,option_B,answer\r\n單選,首都,日本的首都是?,東京,大阪,A\r\n');
    const res = await importSheet(gameId, bytes, { lang: 'zh-TW', filename: 'big5.csv' });
    expect(res.body).toMatchObject({ code: 200, data: { encoding: 'big5', created: 1, notices: ['此 CSV 檔為 Big5 編碼，已轉換為 UTF-8 讀取'] } });
    const [q] = await storedQuestions(gameId);
    expect(q).toMatchObject({ title: '首都', questionText: '日本的首都是?', answer: ['A'] });
    expect(q!.options.map((o) => o.text)).toEqual(['東京', '大阪']);
  });

  it("names a bad row's row, column letter, header and the editor's message in both languages, and imports nothing", async () => {
    const gameId = await createGame('Bad row');
    const rows: Cell[][] = [
      ['Kind', 'Title', 'Text', 'Option_A', 'Option_B', 'Answer', 'Seconds'],
      ['single', 'Good', 'A good one', 'yes', 'no', 'A', 20],
      ['single', '', 'No title and a wrong answer', 'yes', 'no', 'Z', 20],
      ['multiple', 'Fine', 'Also good', 'x', 'y', 'A,B', 5000],
    ];
    const before = (await storedQuestions(gameId)).length;
    for (const lang of ['zh-TW', 'en'] as const) {
      const res = await importSheet(gameId, await xlsx(rows), { dryRun: '1', lang });
      expect(res.body.code).toBe(200);
      expect(res.body.message).toBe(translate(lang, 'questionImport.checked', { total: 3, invalid: 2 }));
      const data = res.body.data as { invalid: number; rows: Array<{ row: number; problems: Array<Record<string, string>> }> };
      expect(data.invalid).toBe(2);
      expect(data.rows.map((row) => row.row)).toEqual([2, 3, 4]);
      expect(data.rows[0]!.problems).toEqual([]);
      expect(data.rows[1]!.problems).toEqual(
        expect.arrayContaining([
          { column: 'B', header: 'Title', field: 'title', severity: 'error', message: formatSheetMessage(lang, 'question.titleRequired') },
          { column: 'F', header: 'Answer', field: 'answer', severity: 'error', message: formatSheetMessage(lang, 'sheet.answerLetters', { value: 'Z' }) },
        ]),
      );
      expect(data.rows[2]!.problems).toEqual([
        { column: 'G', header: 'Seconds', field: 'answering_time', severity: 'error', message: formatSheetMessage(lang, 'question.answeringTimeRange') },
      ]);
    }
    expect(formatSheetMessage('zh-TW', 'question.titleRequired')).toBe('請輸入標題');

    const res = await importSheet(gameId, await xlsx(rows), { lang: 'en' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ errors: { file: ['Rows 3, 4 have errors; nothing was imported'] } });
    expect((await storedQuestions(gameId)).length).toBe(before);
  });

  it('reads formulas as text: "=1+1" stays text, and the export\'s "\'=1+1" comes back as "=1+1"', async () => {
    const gameId = await createGame('Formulas');
    const rows: Cell[][] = [
      ['kind', 'title', 'text', 'option_A', 'option_B', 'answer'],
      ['single', '=1+1', 'typed', '@SUM(A1)', '-3', 'A'],
      ['single', "'=1+1", 'exported', "'+2", "'-3", 'B'],
    ];
    const res = await importSheet(gameId, csv(rows), { filename: 'formulas.csv' });
    expect(res.body).toMatchObject({ code: 200, data: { created: 2 } });
    const stored = await storedQuestions(gameId);
    expect(stored.map((q) => [q.title, ...q.options.map((o) => o.text)])).toEqual([
      ['=1+1', '@SUM(A1)', '-3'],
      ['=1+1', '+2', '-3'],
    ]);
  });

  it('refuses a control character in a cell under its column with the contract\'s message', async () => {
    const gameId = await createGame('Control');
    const rows: Cell[][] = [
      ['kind', 'title', 'text', 'option_A', 'option_B', 'answer', 'seconds'],
      ['single', 'Bell\u0007', 'Two\nlines are fine here', 'a', 'b', 'A', 10],
    ];
    const res = await importSheet(gameId, csv(rows), { dryRun: '1', filename: 'control.csv' });
    expect(res.body.data.rows[0].problems).toEqual([{ column: 'B', header: 'title', field: 'title', severity: 'error', message: translate('en', 'field.controlCharacters') }]);
  });
});

// ------------------------------------------------------------------ images

describe('images', () => {
  const png = solidPng(8, 8, [0x20, 0x80, 0xf0]);

  async function uploadImage(cid: string): Promise<string> {
    const { body, contentType } = multipartBody([{ name: 'image', filename: 'q.png', bytes: png, type: 'image/png' }]);
    const res = await app.inject({ method: 'POST', url: '/api/admin/file/uploadImage', payload: body, headers: { 'content-type': contentType, authorization: `Bearer ${token}`, cid } });
    return checkedResult('/file/uploadImage', res).body.data.path as string;
  }

  async function storeFile(directory: string, filename: string, bytes: Buffer): Promise<void> {
    const { body, contentType } = multipartBody([
      { name: 'directory', value: directory },
      { name: 'file', filename, bytes },
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/admin/file/uploadFile', payload: body, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
    const result = checkedResult('/file/uploadFile', res);
    expect(result.body.code, JSON.stringify(result.body)).toBe(200);
  }

  /**
   * An image file in the company's tree. The file manager's upload takes no image type (Word, PDF,
   * text, CSV, Excel, mp4), so such a file is one the tree got otherwise (before the store checked
   * types, a bucket synchronised by hand): its blob and its row written as the store writes them.
   */
  async function placeImageInStore(path: string, bytes: Buffer): Promise<void> {
    const key = `companies/1/2026-12/${randomUUID()}`;
    await app.fileStore.put(key, Readable.from([bytes]), { contentType: 'image/png' });
    const slash = path.lastIndexOf('/');
    await app.db.insert(files).values({ companyId: 1, path, parent: path.slice(0, slash), name: path.slice(slash + 1), kind: 'file', size: bytes.length, mime: 'image/png', storageKey: key });
  }

  it("keeps the company's own image, copies a file of its store into its images, refuses and lists any other", async () => {
    const gameId = await createGame('Pictures');
    const own = await uploadImage('1');
    const foreign = await uploadImage(String(company2));
    await storeFile('event', 'notes.txt', Buffer.from('not an image'));
    await placeImageInStore('event/q1.png', png);
    const header = ['kind', 'title', 'text', 'image', 'option_A', 'option_B', 'image_A', 'image_B', 'answer'];
    const good: Cell[][] = [header, ['single', 'Own', 'x', own, 'a', 'b', '', '', 'A'], ['single', 'From the store', 'x', 'event/q1.png', '', '', 'event/q1.png', own, 'B']];
    const bad: Cell[][] = [...good, ['single', 'Foreign', 'x', foreign, 'a', 'b', '', '', 'A'], ['single', 'Missing', 'x', 'event/none.png', 'a', 'b', '', '', 'A'], ['single', 'Text', 'x', 'event/notes.txt', 'a', 'b', '', '', 'A']];

    const preview = await importSheet(gameId, await xlsx(bad), { dryRun: '1' });
    expect(preview.body.data.missing_images).toEqual([foreign, 'event/none.png', 'event/notes.txt']);
    const problems = (preview.body.data.rows as Array<{ problems: Array<Record<string, string>> }>).map((row) => row.problems.filter((p) => p.severity === 'error'));
    expect(problems.slice(0, 2)).toEqual([[], []]);
    expect(problems.slice(2)).toEqual([
      [{ column: 'D', header: 'image', field: 'question_img', severity: 'error', message: translate('en', 'questionImport.imageNotOwn', { value: foreign }) }],
      [{ column: 'D', header: 'image', field: 'question_img', severity: 'error', message: translate('en', 'questionImport.imageMissing', { value: 'event/none.png' }) }],
      [{ column: 'D', header: 'image', field: 'question_img', severity: 'error', message: translate('en', 'questionImport.notAnImage', { value: 'event/notes.txt' }) }],
    ]);
    expect((await importSheet(gameId, await xlsx(bad))).status).toBe(422);
    expect(await storedQuestions(gameId)).toEqual([]);

    const res = await importSheet(gameId, await xlsx(good));
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { created: 2, missing_images: [] } });
    const [first, second] = await storedQuestions(gameId);
    expect(first!.questionImg).toBe(own);
    const copied = second!.questionImg;
    expect(copied).toMatch(/^\/files\/images\/1\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(copied).not.toBe(own);
    // The same file named twice is copied once.
    expect(second!.options.map((o) => o.img)).toEqual([copied, own]);
    const served = await app.inject({ method: 'GET', url: copied });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});

// ------------------------------------------------------------------ rules of the operation

describe('who, where and how much', () => {
  it('refuses an admin without triviaGame.edit (403) and another company\'s game (404)', async () => {
    await createRole(app, 'question-viewer', ['triviaGame', 'triviaGame.index', 'triviaGame.list']);
    await createAdmin(app, { username: 'viewer.import', password: 'Viewer-pass-1', roles: ['question-viewer'] });
    const viewer = await login(app, 'viewer.import', 'Viewer-pass-1');
    const gameId = await createGame('Mine');
    const bytes = csv([
      ['kind', 'title', 'text', 'option_A', 'option_B', 'answer'],
      ['single', 'Q', 'Q?', 'a', 'b', 'A'],
    ]);
    expect((await importSheet(gameId, bytes, { as: viewer, filename: 'q.csv' })).status).toBe(403);

    const theirs = await createGame('Theirs', 1, String(company2));
    const res = await importSheet(theirs, bytes, { filename: 'q.csv' });
    expect(res.status).toBe(404);
    expect(await storedQuestions(theirs)).toEqual([]);
  });

  it('refuses 1,001 rows with the sheet reader\'s message and names the header it looks for', async () => {
    const gameId = await createGame('Too many');
    const rows: Cell[][] = [['kind', 'title', 'option_A', 'option_B', 'answer'], ...Array.from({ length: 1001 }, (_, i): Cell[] => ['single', `Q${i}`, 'a', 'b', 'A'])];
    const res = await importSheet(gameId, csv(rows), { filename: 'many.csv' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ errors: { file: [translate('en', 'sheet.tooManyRows', { limit: 1000, count: 1001 })] } });

    const noHeader = await importSheet(gameId, csv([['name', 'question'], ['x', 'y']]), { filename: 'other.csv', lang: 'zh-TW' });
    expect(noHeader.status).toBe(422);
    expect(noHeader.body.data.errors.file[0]).toContain('Question - max 120 characters');
    expect(noHeader.body.data.errors.file[0]).toContain('kind、title');
    expect(await storedQuestions(gameId)).toEqual([]);
  });

  it('shows the new questions in the (cached) question list right after the import', async () => {
    const gameId = await createGame('Cached list');
    const list = () => api('/question/list', { trivia_game_id: gameId, page: 1, limit: 10 });
    expect((await list()).body.data.total).toBe(0);
    expect((await list()).body.data.total).toBe(0);
    await importSheet(gameId, csv([['kind', 'title', 'text', 'option_A', 'option_B', 'answer'], ['single', 'Listed', 'Listed?', 'a', 'b', 'A']]), { filename: 'q.csv' });
    const after = await list();
    expect(after.body.data.total).toBe(1);
    expect(after.body.data.list[0]).toMatchObject({ title: 'Listed', sort: 1 });
  });
});

describe('speed contests and level games', () => {
  it('a speed contest: blank seconds become 20 (a warning), a level is left out (a warning)', async () => {
    const gameId = await createGame('Speed');
    const rows: Cell[][] = [
      ['kind', 'title', 'text', 'level', 'seconds', 'option_A', 'option_B', 'answer', 'bonus'],
      ['single', 'Quick', 'Quick?', 2, '', 'a', 'b', 'A', 1],
    ];
    const res = await importSheet(gameId, csv(rows), { filename: 'speed.csv' });
    expect(res.body).toMatchObject({ code: 200, data: { created: 1 } });
    expect(res.body.data.rows[0].problems.map((p: { column: string; severity: string }) => [p.column, p.severity])).toEqual([
      ['D', 'warning'],
      ['E', 'warning'],
    ]);
    expect(res.body.data.rows[0].level).toBeNull();
    expect((await storedQuestions(gameId))[0]).toMatchObject({ levelId: null, haveAnsweringTime: 1, answeringTime: 20, isBonus: 1 });
  });

  it('a level game: levels by their number, an unknown level refused', async () => {
    const gameId = await createGame('Levels', 2);
    const saved = await api('/triviaGame/updateLevel', {
      trivia_game_id: gameId,
      trivia_game_level: [
        { level: 1, promotion_score: 10 },
        { level: 2, promotion_score: null },
      ],
    });
    const levels = saved.body.data.list as Array<{ id: number; level: number }>;
    const rows = (third: number): Cell[][] => [
      ['kind', 'title', 'level', 'score', 'option_A', 'option_B', 'answer', 'text'],
      ['single', 'One', 1, 10, 'a', 'b', 'A', 'One?'],
      ['single', 'Two', 2, 20, 'a', 'b', 'B', 'Two?'],
      ['single', 'Three', third, 30, 'a', 'b', 'A', 'Three?'],
    ];
    const bad = await importSheet(gameId, csv(rows(3)), { dryRun: '1', filename: 'levels.csv', lang: 'zh-TW' });
    expect(bad.body.data.rows.map((row: { level: number | null }) => row.level)).toEqual([1, 2, null]);
    expect(bad.body.data.rows[2].problems).toEqual([{ column: 'C', header: 'level', field: 'level_id', severity: 'error', message: '此遊戲沒有第 3 關' }]);

    const res = await importSheet(gameId, csv(rows(2)), { filename: 'levels.csv' });
    expect(res.body).toMatchObject({ code: 200, data: { created: 3 } });
    const stored = await storedQuestions(gameId);
    const idOf = (n: number) => levels.find((l) => l.level === n)!.id;
    expect(stored.map((q) => [q.title, q.levelId, q.score])).toEqual([
      ['One', idOf(1), 10],
      ['Two', idOf(2), 20],
      ['Three', idOf(2), 30],
    ]);
  });

  it('Kahoot rows into a level game go into its first level with 10 points, said once', async () => {
    const gameId = await createGame('Kahoot levels', 2);
    const res = await importSheet(gameId, await kahootWorkbook(), { dryRun: '1' });
    expect(res.body.data.notices).toEqual([formatSheetMessage('en', 'sheet.kahootLevel', { level: 1, score: 10 })]);
    expect(res.body.data.rows[0]).toMatchObject({ level: 1, question: { score: 10 } });
  });
});
