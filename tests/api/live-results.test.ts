/**
 * The results export (POST /triviaGame/exportResults) as an operator meets it after a game: the
 * ranking and every answer as CSV (UTF-8 with BOM, RFC 4180) and as an Excel workbook read back with
 * exceljs, headers in the request's language, the title in the file name, a formula-looking nickname
 * neutralised, and the same permission and tenancy as getRank.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { companies } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { bench } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;
let gameId: number;
let q1: number;
let q2: number;
/** When the first question was shown (the answers arrive 2, 5, 5 and 61 s later). */
let t0: number;

/** The wall-clock time in Taipei (UTC+8 all year), as the export writes it: `2026-11-25 20:05:09`. */
const taipei = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function download(body: unknown, options: { token?: string; lang?: 'zh-TW' | 'en'; cid?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/admin/triviaGame/exportResults',
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${options.token ?? token}`,
      cid: options.cid ?? '1',
      ...(options.lang ? { lang: options.lang } : {}),
    },
  });
}

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), enough to check what we wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
  ({ id: gameId } = await b.createGame({ title: '年終尾牙 "Quiz", 2026', type: 1 }));
  const { pin } = (await b.admin('/triviaGame/detail', { id: gameId })).body.data.item;
  q1 = await b.addQuestion(gameId, { answering_time: 10, options: ['玉山', '雪山', '合歡山'], answer: ['A'] }, '最高的山');
  q2 = await b.addQuestion(gameId, { answering_time: 20, question_type: 2, options: ['台北', '台中', '高雄'], answer: ['A', 'C'] }, '直轄市');
  const ann = await b.joinPlayer(pin, 'Ann');
  const evil = await b.joinPlayer(pin, '=HYPERLINK("x")');
  const minus = await b.joinPlayer(pin, '-1+1');
  await b.joinPlayer(pin, '小明');

  t0 = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t0);
  await b.flow(gameId, q1, 2);
  vi.setSystemTime(t0 + 2_000);
  await b.answer(ann.token, q1, ['A']); // 900
  vi.setSystemTime(t0 + 5_000);
  await b.answer(evil.token, q1, ['A']); // 750
  await b.answer(minus.token, q1, ['B']);
  vi.setSystemTime(t0 + 10_000);
  await b.flow(gameId, q1, 3);
  await b.flow(gameId, q1, 4);
  vi.setSystemTime(t0 + 60_000);
  await b.flow(gameId, q2, 2);
  vi.setSystemTime(t0 + 61_000);
  await b.answer(ann.token, q2, ['C', 'A']); // still open: not scored in the export
  vi.useRealTimers();
});
afterAll(() => app.close());

describe('the results export', () => {
  it('answers the ranking as CSV with a BOM, Chinese headers and the title in the file name', async () => {
    const res = await download({ trivia_game_id: gameId, format: 'csv' }, { lang: 'zh-TW' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('年終尾牙 _Quiz_, 2026-排名.csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['名次', '暱稱', '加入順序', '總分', '答對總耗時（秒）', '答對題數', '作答題數', '公平性提示']);
    expect(rows.slice(1)).toEqual([
      ['1', 'Ann', '1', '900', '2', '1', '2', ''],
      ['2', `'=HYPERLINK("x")`, '2', '750', '5', '1', '1', ''],
      ['3', "'-1+1", '3', '0', '0', '0', '1', ''],
      ['4', '小明', '4', '0', '0', '0', '0', ''],
    ]);
  });

  it('answers every answer as CSV, in English, leaving the unpublished question unscored', async () => {
    const res = await download({ trivia_game_id: gameId, format: 'csv', table: 'answers' });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toBe('年終尾牙 _Quiz_, 2026-answers.csv');
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'Question order',
      'Question title',
      'Question text',
      'Nickname',
      'Join order',
      'Choices',
      'Correct answer',
      'Correct',
      'Elapsed (s)',
      'Points',
      'Received at (Asia/Taipei)',
    ]);
    const body = rows.slice(1).map((r) => [r[1], r[3], r[5], r[6], r[7], r[8], r[9]]);
    expect(body).toEqual([
      ['最高的山', 'Ann', 'A', 'A', 'yes', '2', '900'],
      ['最高的山', `'=HYPERLINK("x")`, 'A', 'A', 'yes', '5', '750'],
      ['最高的山', "'-1+1", 'B', 'A', 'no', '5', '0'],
      ['直轄市', 'Ann', 'A,C', '', '', '1', ''],
    ]);
    // The company's time zone (default Asia/Taipei), in a form a spreadsheet reads as a date.
    expect(rows.slice(1).map((r) => r[10])).toEqual([taipei(t0 + 2_000), taipei(t0 + 5_000), taipei(t0 + 5_000), taipei(t0 + 61_000)]);
  });

  it('answers an Excel workbook with a ranking sheet and an answers sheet that exceljs reads back', async () => {
    const res = await download({ trivia_game_id: gameId, format: 'xlsx' }, { lang: 'zh-TW' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toBe('年終尾牙 _Quiz_, 2026-成績.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['排名', '作答紀錄', '各題統計', '取消資格']);
    const values = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    const ranking = values(workbook.getWorksheet('排名')!);
    expect(ranking[0]).toEqual(['名次', '暱稱', '加入順序', '總分', '答對總耗時（秒）', '答對題數', '作答題數', '公平性提示']);
    expect(ranking.slice(1)).toEqual([
      [1, 'Ann', 1, 900, 2, 1, 2],
      [2, `'=HYPERLINK("x")`, 2, 750, 5, 1, 1],
      [3, "'-1+1", 3, 0, 0, 0, 1],
      [4, '小明', 4, 0, 0, 0, 0],
    ]);
    // Per-question statistics: q1 published (2 of 3 correct, median 5 s), q2 still open (no correctness yet).
    const statistics = values(workbook.getWorksheet('各題統計')!);
    // Its counts are of players (issue 33: the column said 答對題數, a player's count of correct answers).
    expect(statistics[0]).toEqual(['題號', '題目標題', '正確答案', '作答人數', '答對人數', '答對率（%）', '選 A 人數', '選 B 人數', '選 C 人數', '作答時間中位數（秒）']);
    expect(statistics[1]).toEqual([1, '最高的山', 'A', 3, 2, 66.7, 2, 1, 0, 5]);
    expect(statistics[2]).toEqual([2, '直轄市', undefined, 1, undefined, undefined, 1, 0, 1, 1]);
    expect(values(workbook.getWorksheet('取消資格')!)).toHaveLength(1);
    const answers = values(workbook.getWorksheet('作答紀錄')!);
    expect(answers).toHaveLength(5);
    expect(answers[1]!.slice(0, 10)).toEqual([1, '最高的山', '最高的山?', 'Ann', 1, 'A', 'A', '是', 2, 900]);
    expect(answers[3]![7]).toBe('否');
    // Received times are date cells with a date-time format, holding Taipei's wall-clock time.
    expect(answers[0]![10]).toBe('收到時間（Asia/Taipei）');
    const received = workbook.getWorksheet('作答紀錄')!.getRow(2).getCell(11);
    expect(received.type).toBe(ExcelJS.ValueType.Date);
    expect(received.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect((received.value as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(taipei(t0 + 2_000));
    // No cell anywhere is a formula.
    for (const sheet of workbook.worksheets) sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('says in the statistics CSV that its counts are of players, and in the ranking that a player\'s count is of correct answers', async () => {
    const res = await download({ trivia_game_id: gameId, format: 'csv', table: 'statistics' });
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]!.slice(0, 6)).toEqual(['Question order', 'Question title', 'Correct answer', 'Players answered', 'Players correct', 'Correct (%)']);
    expect(rows[1]!.slice(0, 6)).toEqual(['1', '最高的山', 'A', '3', '2', '66.7']);
    const ranking = parseCsv((await download({ trivia_game_id: gameId, format: 'csv' })).rawPayload.toString('utf8').slice(1));
    expect(ranking[0]![5]).toBe('Correct answers');
    expect(ranking[1]!.slice(1, 2).concat(ranking[1]![5]!)).toEqual(['Ann', '1']);
  });

  it("writes times in the company's own time zone when it has another one", async () => {
    await app.db.update(companies).set({ timeZone: 'Asia/Tokyo' }).where(eq(companies.id, 1));
    try {
      const res = await download({ trivia_game_id: gameId, format: 'csv', table: 'answers' });
      const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
      expect(rows[0]![10]).toBe('Received at (Asia/Tokyo)');
      expect(rows[1]![10]).toBe(new Date(t0 + 2_000 + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
    } finally {
      await app.db.update(companies).set({ timeZone: 'Asia/Taipei' }).where(eq(companies.id, 1));
    }
  });

  it('gives a level game a level column', async () => {
    const { id } = await b.createGame({ title: 'Levels', type: 2 });
    const res = await download({ trivia_game_id: id, format: 'csv' });
    expect(parseCsv(res.rawPayload.toString('utf8').slice(1))).toEqual([
      ['Rank', 'Nickname', 'Join order', 'Score', 'Level reached', 'Time of correct answers (s)', 'Correct answers', 'Answers', 'Fair-play flags'],
    ]);
  });

  it('refuses a bad format with field errors', async () => {
    const res = await call(app, '/triviaGame/exportResults', { trivia_game_id: gameId, format: 'pdf' }, { token });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors)).toEqual(['format']);
  });

  it("answers 404 for another company's game, 403 for a company the admin may not act for, and lets a viewer export", async () => {
    const other = await createCompany(app, 'Export rivals');
    await createAdmin(app, { username: 'exp-op', password: 'Operator-password-9', roles: ['operator'], companyIds: [other] });
    const rival = await login(app, 'exp-op', 'Operator-password-9');
    expect((await call(app, '/triviaGame/exportResults', { trivia_game_id: gameId, format: 'xlsx' }, { token: rival, cid: String(other) })).status).toBe(404);
    expect((await call(app, '/triviaGame/exportResults', { trivia_game_id: gameId, format: 'csv' }, { token: rival, cid: '1' })).status).toBe(403);

    await createAdmin(app, { username: 'exp-viewer', password: 'Viewer-password-9', roles: ['viewer'] });
    const viewer = await login(app, 'exp-viewer', 'Viewer-password-9');
    expect((await download({ trivia_game_id: gameId, format: 'csv' }, { token: viewer })).statusCode).toBe(200);

    await createAdmin(app, { username: 'exp-none', password: 'Nobody-password-9', roles: [], companyIds: [1] });
    const nobody = await login(app, 'exp-none', 'Nobody-password-9');
    expect((await call(app, '/triviaGame/exportResults', { trivia_game_id: gameId, format: 'csv' }, { token: nobody })).status).toBe(403);
    expect((await call(app, '/triviaGame/exportResults', { trivia_game_id: gameId, format: 'csv' }, { token: null })).body.code).toBe(202);
  });
});
