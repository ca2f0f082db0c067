/**
 * A game's questions in bulk, as the back office meets them on a real server and database: the export
 * in our template (a workbook and a CSV) imported (/question/import) into an empty game gives the same questions, all
 * eight kinds, in a speed contest and in a level game; the export in Kahoot's quiz template (its
 * layout, the time limits Kahoot offers, true/false as two answers, what it leaves out and why); the
 * copy into another game (its preview, levels mapped, cleared or assigned, all or nothing); the block
 * move up and down and a question already shown keeping its place and number; the batch delete and
 * its refusal while a question is on screen; another company's rows (404) and the permissions (403).
 * Every JSON answer is checked against the contract by tests/support/api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { KAHOOT_HEADERS, TEMPLATE_COLUMNS, readQuestionHeader } from '@/domain/question-sheet';
import { auditLog, questions } from '@/server/db/schema';
import { solidPng } from '@/server/lib/png';
import { createTestApp } from '../support/app';
import { call, checkedResult, login, type CallOptions } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { multipartBody } from '../support/multipart';

let app: FastifyInstance;
let token: string;
let cid: string;
let otherCid: string;
let image: string;

const api = (path: string, body: unknown, options: CallOptions = {}) => call(app, path, body, { token, cid, ...options });

async function ok(path: string, body: unknown, options: CallOptions = {}) {
  const res = await api(path, body, options);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data;
}

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  cid = String(await createCompany(app, 'Bulk questions'));
  otherCid = String(await createCompany(app, 'Another agency'));
  const boundary = '----lt-bulk-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="q.png"\r\nContent-Type: image/png\r\n\r\n`),
    solidPng(8, 8, [0x40, 0x9e, 0xff]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({ method: 'POST', url: '/api/admin/file/uploadImage', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, cid } });
  image = checkedResult('/file/uploadImage', res).body.data.path as string;
  expect(image).toMatch(new RegExp(`^/files/images/${cid}/`));
});
afterAll(() => app.close());

const textOptions = (...texts: string[]) => texts.map((text, i) => ({ title: 'ABCD'[i], text, img: '' }));
const SLIDER = { min: 0, max: 100, step: 5, answer: 50, tolerance: 5, unit: 'km' };

async function createGame(type: 1 | 2, title: string, levels = 2, options: CallOptions = {}): Promise<{ id: number; levels: Array<{ id: number; level: number }> }> {
  const { id } = await ok('/triviaGame/create', { title, type, status: 1 }, options);
  if (type === 1) return { id, levels: [] };
  const saved = await ok(
    '/triviaGame/updateLevel',
    { trivia_game_id: id, trivia_game_level: Array.from({ length: levels }, (_, i) => ({ level: i + 1, promotion_score: i + 1 < levels ? 10 : null })) },
    options,
  );
  return { id, levels: saved.list };
}

const base = (gameId: number) => ({
  trivia_game_id: gameId,
  question_text: '',
  question_img: '',
  pre_video_url: '',
  have_answering_time: 1,
  answering_time: 10,
  score: 0,
  is_bonus: 0,
  options: [] as unknown[],
  answer: [] as string[],
  accepted_answers: [] as string[],
  ignore_punctuation: 0,
  slider: null,
  explanation: '',
});

/** One question of each kind (and a choice with image options), with every field a kind keeps set to something. */
function eightKinds(gameId: number, levelIds: number[] = []) {
  const level = (i: number) => (levelIds.length ? { level_id: levelIds[i % levelIds.length] } : {});
  const scored = (i: number, score: number) => (levelIds.length ? { score, have_answering_time: i % 2 } : {});
  return [
    { ...base(gameId), ...level(0), ...scored(0, 10), question_type: 1, title: '=cmd|calc', question_text: 'Which is highest?\nPick one.', question_img: image, pre_video_url: 'https://example.com/intro.mp4', answering_time: 15, is_bonus: levelIds.length ? 0 : 1, options: textOptions('玉山', '雪山', '-合歡山'), answer: ['B'], explanation: '<b>雪山</b> is 3886 m' },
    { ...base(gameId), ...level(1), ...scored(1, 20), question_type: 2, title: 'Primes', question_text: 'Which are prime?', answering_time: 7, options: textOptions('2', '4', '7', '9'), answer: ['A', 'C'] },
    { ...base(gameId), ...level(0), ...scored(2, 5), question_type: 3, title: 'Round earth', question_text: 'The Earth is round.', answering_time: 25, answer: ['B'] },
    { ...base(gameId), ...level(1), question_type: 4, title: 'Lunch', question_text: 'Lunch?', answering_time: 30, options: textOptions('Bento', 'Noodles', '@home') },
    { ...base(gameId), ...level(0), ...scored(4, 15), question_type: 5, title: 'Peak', question_text: 'Highest peak?', answering_time: 40, accepted_answers: ['玉山', 'Jade Mountain'], ignore_punctuation: 1 },
    { ...base(gameId), ...level(1), ...scored(5, 8), question_type: 6, title: 'Half', question_text: 'Half of 100?', answering_time: 20, slider: SLIDER },
    { ...base(gameId), ...level(0), ...scored(6, 12), question_type: 7, title: 'Order', question_text: 'Smallest first', answering_time: 30, options: textOptions('100', '1', '10'), answer: ['B', 'C', 'A'] },
    { ...base(gameId), ...level(1), question_type: 8, title: 'Break', question_text: 'Back in a minute', pre_video_url: 'https://example.com/ad.mp4' },
    { ...base(gameId), ...level(0), ...scored(8, 3), question_type: 1, title: 'Pictures', question_text: 'Which picture?', answering_time: 12, options: [0, 1].map((i) => ({ title: 'AB'[i], text: '', img: image })), answer: ['A'] },
  ];
}

async function fill(gameId: number, bodies: unknown[]): Promise<number[]> {
  const ids: number[] = [];
  for (const body of bodies) ids.push((await ok('/question/create', body)).id);
  return ids;
}

const listQuestions = async (gameId: number, options: CallOptions = {}) => (await ok('/question/list', { page: 1, limit: 100, order: 'asc', sort: 'sort', trivia_game_id: gameId }, options)).list as any[];

/** What a question is, as an operator sees it (its level by number, its time only when timed). */
function essence(question: any, levels: Array<{ id: number; level: number }>, gameType: 1 | 2) {
  const timed = question.question_type !== 8 && (gameType === 1 || question.have_answering_time === 1);
  return {
    kind: question.question_type,
    title: question.title,
    text: question.question_text,
    image: question.question_img,
    video: question.pre_video_url,
    level: levels.find((l) => l.id === question.level_id)?.level ?? null,
    time: timed ? question.answering_time : null,
    score: question.score,
    bonus: question.is_bonus,
    options: question.options,
    answer: question.answer,
    accepted: question.accepted_answers,
    ignorePunctuation: question.ignore_punctuation,
    slider: question.slider,
    explanation: question.explanation,
  };
}

function exportFile(gameId: number, format: 'xlsx' | 'csv' | 'kahoot', options: { lang?: 'en' | 'zh-TW'; cid?: string; token?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/question/export',
    payload: { trivia_game_id: gameId, format },
    headers: { authorization: `Bearer ${options.token ?? token}`, cid: options.cid ?? cid, lang: options.lang ?? 'en' },
  });
}

/** A cell as the import reads it: text, the export's `'` before a formula's first character taken off. */
const importedCell = (value: unknown) => (value === null || value === undefined ? '' : String(value)).replace(/^'(?=[=+\-@\t\r])/, '');

/** Imports an exported file into a game through /question/import, as the import dialog sends it; the rows created. */
async function importFile(bytes: Buffer, filename: string, gameId: number): Promise<number> {
  const { body, contentType } = multipartBody([
    { name: 'trivia_game_id', value: String(gameId) },
    { name: 'file', filename, bytes },
    { name: 'dry_run', value: '0' },
  ]);
  const res = await app.inject({ method: 'POST', url: '/api/admin/question/import', payload: body, headers: { 'content-type': contentType, authorization: `Bearer ${token}`, cid, lang: 'en' } });
  const answer = checkedResult('/question/import', res);
  expect(answer.body, JSON.stringify(answer.body).slice(0, 2000)).toMatchObject({ code: 200 });
  for (const row of answer.body.data.rows) expect(row.problems.filter((p: any) => p.severity === 'error')).toEqual([]);
  return answer.body.data.created as number;
}

describe('export in our template', () => {
  for (const type of [1, 2] as const) {
    it(`round-trips all eight kinds of a ${type === 1 ? 'speed contest' : 'level game'} through the workbook`, async () => {
      const source = await createGame(type, `Round trip ${type}`);
      await fill(source.id, eightKinds(source.id, source.levels.map((l) => l.id)));
      const res = await exportFile(source.id, 'xlsx');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Round%20trip%20${type}%20questions.xlsx`);
      const [sheet] = await readXlsxFile(res.rawPayload);
      expect(sheet!.data).toHaveLength(10);
      expect(readQuestionHeader(sheet!.data[0]!.map(importedCell))?.layout).toBe('template');
      // The formula is never a formula in the file: the cell is text starting with '.
      expect(sheet!.data[1]![1]).toBe("'=cmd|calc");
      // Numbers stay numbers.
      expect(typeof sheet!.data[1]![TEMPLATE_COLUMNS.indexOf('score')]).toBe('number');

      const target = await createGame(type, `Round trip ${type} back`);
      expect(await importFile(res.rawPayload, 'questions.xlsx', target.id)).toBe(9);
      const before = (await listQuestions(source.id)).map((q) => essence(q, source.levels, type));
      const after = (await listQuestions(target.id)).map((q) => essence(q, target.levels, type));
      expect(after).toEqual(before);
      expect(after.map((q) => q.kind)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1]);
    });
  }

  it('writes a CSV with a byte-order mark, the formula neutralised, that round-trips too', async () => {
    const source = await createGame(1, '週年慶 "quiz"');
    await fill(source.id, eightKinds(source.id));
    const res = await exportFile(source.id, 'csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E9%80%B1%E5%B9%B4%E6%85%B6%20_quiz_%20questions.csv");
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8').slice(1);
    expect(text).toContain(",'=cmd|calc,");
    expect(text).toContain("'-合歡山");
    expect(text.split('\r\n')[0]).toBe(TEMPLATE_COLUMNS.join(','));
    const target = await createGame(1, 'CSV back');
    expect(await importFile(res.rawPayload, 'questions.csv', target.id)).toBe(9);
    expect((await listQuestions(target.id)).map((q) => essence(q, [], 1))).toEqual((await listQuestions(source.id)).map((q) => essence(q, [], 1)));
  });
});

describe("export in Kahoot's quiz template", () => {
  it('holds the choice questions with their times rounded to Kahoot’s, lists the rest on a second sheet, in the request’s language', async () => {
    const source = await createGame(1, 'Kahoot night');
    await fill(source.id, eightKinds(source.id));
    const res = await exportFile(source.id, 'kahoot', { lang: 'zh-TW' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Kahoot%20night%20kahoot.xlsx");
    // Poll, type answer, slider, ordering, slide, and the choice with image options.
    expect(res.headers['x-questions-left-out']).toBe('6');

    const [quiz, leftOut] = await readXlsxFile(res.rawPayload);
    expect(quiz!.data[0]![0]).toBe('Quiz template');
    const headerAt = quiz!.data.findIndex((row) => row[1] === KAHOOT_HEADERS.question);
    expect(headerAt).toBeGreaterThan(0);
    expect(quiz!.data[headerAt]!.slice(1)).toEqual(Object.values(KAHOOT_HEADERS));
    expect(readQuestionHeader(quiz!.data[headerAt]!.map(importedCell))?.layout).toBe('kahoot');
    const rows = quiz!.data.slice(headerAt + 1);
    expect(rows).toEqual([
      [1, 'Which is highest? Pick one.', '玉山', '雪山', "'-合歡山", null, 20, '2'],
      // 7 s → Kahoot's 5; 25 s → 30 (a tie goes up).
      [2, 'Which are prime?', '2', '4', '7', '9', 5, '1,3'],
      [3, 'The Earth is round.', '對', '錯', null, null, 30, '2'],
    ]);
    expect(leftOut!.data[0]).toEqual(['順序', '標題', '題型', '原因']);
    expect(leftOut!.data.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
      [4, 'Lunch', '投票'],
      [5, 'Peak', '填答題'],
      [6, 'Half', '滑桿題'],
      [7, 'Order', '排序題'],
      [8, 'Break', '內容頁'],
      [9, 'Pictures', '單選題'],
    ]);
    expect(leftOut!.data[1]![3]).toBe('Kahoot 的測驗範本只能放選擇題（單選、複選、是非題）');
    expect(leftOut!.data[6]![3]).toBe('Kahoot 的測驗範本無法放圖片選項');

    // Our own import reads it back as Kahoot's layout: the three choice questions, answers and times as written.
    const target = await createGame(1, 'Kahoot back');
    expect(await importFile(res.rawPayload, 'kahoot.xlsx', target.id)).toBe(3);
    expect((await listQuestions(target.id)).map((q) => [q.question_type, q.options.map((o: any) => o.text), q.answer, q.answering_time])).toEqual([
      [1, ['玉山', '雪山', '-合歡山'], ['B'], 20],
      [2, ['2', '4', '7', '9'], ['A', 'C'], 5],
      [1, ['對', '錯'], ['B'], 30],
    ]);
  });

  it("answers 404 for another company's game and 403 to an admin without the list permission", async () => {
    const theirs = await createGame(1, 'Theirs', 0, { cid: otherCid });
    const res = await exportFile(theirs.id, 'xlsx');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
    await createAdmin(app, { username: 'bulk-nobody', permissions: [], companyIds: [Number(cid)] });
    const mine = await createGame(1, 'Mine');
    const nobody = await login(app, 'bulk-nobody', 'Password-123');
    expect((await exportFile(mine.id, 'csv', { token: nobody })).statusCode).toBe(403);
  });
});

describe('copy into another game', () => {
  it('previews levels mapped, assigned and cleared, the bonus cleared and the time limit set, and creates nothing', async () => {
    const levels = await createGame(2, 'Levels 1-2', 2);
    const [inOne, inTwo] = await fill(levels.id, [
      { ...eightKinds(levels.id, [levels.levels[0]!.id])[1], have_answering_time: 0 },
      { ...eightKinds(levels.id, [levels.levels[1]!.id])[2], have_answering_time: 1 },
    ]);
    const speed = await createGame(1, 'Speed');
    const [bonus] = await fill(speed.id, [eightKinds(speed.id)[0]]);
    const target = await createGame(2, 'One level', 1);

    const preview = await ok('/question/copy', { ids: [bonus, inTwo, inOne], trivia_game_id: target.id, dry_run: true });
    expect(preview.created).toBe(0);
    expect(preview.invalid).toBe(0);
    // By game, then the game's order.
    expect(preview.rows.map((r: any) => [r.id, r.level_from, r.level_to])).toEqual([
      [inOne, 1, 1],
      [inTwo, 2, 1],
      [bonus, null, 1],
    ]);
    expect(preview.rows[0].problems).toEqual([]);
    expect(preview.rows[1].problems).toEqual([{ column: '', header: '', field: 'level_id', severity: 'warning', message: 'The target game has no level 2: the copy goes into level 1' }]);
    expect(preview.rows[2].problems.map((p: any) => p.message)).toEqual(['The target game needs a level: the copy goes into level 1', 'The target is a level game: the bonus flag is cleared']);
    expect(await listQuestions(target.id)).toEqual([]);

    const intoSpeed = await ok('/question/copy', { ids: [inOne], trivia_game_id: speed.id, dry_run: true }, { lang: 'zh-TW' });
    expect(intoSpeed.rows[0]).toMatchObject({ level_from: 1, level_to: null });
    expect(intoSpeed.rows[0].problems.map((p: any) => p.message)).toEqual(['目標為搶答遊戲，已移除關卡', '搶答遊戲一律限時，以 7 秒作答']);
  });

  it('copies after the target’s last question, not sent, images kept; one copy breaking a rule copies nothing', async () => {
    const source = await createGame(2, 'Source', 2);
    const ids = await fill(source.id, eightKinds(source.id, source.levels.map((l) => l.id)));
    await app.db.update(questions).set({ status: 2 }).where(eq(questions.id, ids[0]!));
    const target = await createGame(1, 'Target');
    const [existing] = await fill(target.id, [eightKinds(target.id)[2]]);

    const done = await api('/question/copy', { ids: [ids[8], ids[0], ids[4]], trivia_game_id: target.id });
    expect(done.body).toMatchObject({ code: 200, message: '3 questions copied', data: { created: 3, invalid: 0 } });
    const list = await listQuestions(target.id);
    expect(list.map((q) => [q.title, q.sort, q.status, q.level_id, q.have_answering_time])).toEqual([
      ['Round earth', 1, 0, 0, 1],
      ['=cmd|calc', 2, 0, 0, 1],
      ['Peak', 3, 0, 0, 1],
      ['Pictures', 4, 0, 0, 1],
    ]);
    expect(list[0].id).toBe(existing);
    expect(list[1].question_img).toBe(image);
    expect(list[3].options.map((o: any) => o.img)).toEqual([image, image]);

    // A stored time of 0 s on an untimed question: a speed contest must limit the time, 1 s at least.
    await app.db.update(questions).set({ answeringTime: 0, haveAnsweringTime: 0 }).where(eq(questions.id, ids[1]!));
    const preview = await ok('/question/copy', { ids: [ids[0], ids[1]], trivia_game_id: target.id, dry_run: true });
    expect(preview.invalid).toBe(1);
    expect(preview.rows[1].problems).toContainEqual({ column: '', header: '', field: 'answering_time', severity: 'error', message: 'Answering seconds must be between 1 and 3600' });
    const refused = await api('/question/copy', { ids: [ids[0], ids[1]], trivia_game_id: target.id });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors).toEqual({ ids: ['1 question breaks a rule of the target game; nothing was copied (see the preview)'] });
    expect(await listQuestions(target.id)).toHaveLength(4);

    const entries = await app.db.select().from(auditLog).where(eq(auditLog.operation, 'questionCopy'));
    expect(entries.filter((entry) => entry.targetId === String(target.id)).map((entry) => entry.summary)).toContain(`copied questions 3 (${ids[8]},${ids[0]},${ids[4]}): 3 created`);
  });

  it("answers 404 for another company's question or target game", async () => {
    const mine = await createGame(1, 'Mine too');
    const [id] = await fill(mine.id, [eightKinds(mine.id)[2]]);
    const theirs = await createGame(1, 'Theirs too', 0, { cid: otherCid });
    const res = await call(app, '/question/create', { ...eightKinds(theirs.id)[2] }, { token, cid: otherCid });
    const theirQuestion = res.body.data.id as number;
    expect((await api('/question/copy', { ids: [id, theirQuestion], trivia_game_id: mine.id })).status).toBe(404);
    expect((await api('/question/copy', { ids: [id], trivia_game_id: theirs.id })).status).toBe(404);
    expect(await listQuestions(mine.id)).toHaveLength(1);
  });
});

describe('move up and down', () => {
  it('moves a block past its neighbour, renumbers 1..n, and the cached list shows it at once', async () => {
    const game = await createGame(1, 'Order');
    const [q1, q2, q3, q4, q5] = await fill(game.id, Array.from({ length: 5 }, (_, i) => ({ ...eightKinds(game.id)[2], title: `Q${i + 1}` })));
    const order = async () => (await listQuestions(game.id)).map((q) => [q.id, q.sort]);
    expect(await order()).toEqual([q1, q2, q3, q4, q5].map((id, i) => [id, i + 1]));

    expect((await ok('/question/move', { trivia_game_id: game.id, ids: [q3, q2], by: -1 })).ids).toEqual([q2, q3, q1, q4, q5]);
    expect(await order()).toEqual([q2, q3, q1, q4, q5].map((id, i) => [id, i + 1]));
    // At the top already: nothing moves. Apart: each run passes its own neighbour.
    expect((await ok('/question/move', { trivia_game_id: game.id, ids: [q2], by: -1 })).ids).toEqual([q2, q3, q1, q4, q5]);
    expect((await ok('/question/move', { trivia_game_id: game.id, ids: [q2, q1], by: 1 })).ids).toEqual([q3, q2, q4, q1, q5]);
    // A run already at the bottom stays; another run passes its neighbour.
    expect((await ok('/question/move', { trivia_game_id: game.id, ids: [q1, q5], by: 1 })).ids).toEqual([q3, q2, q4, q1, q5]);
    expect((await ok('/question/move', { trivia_game_id: game.id, ids: [q3, q1], by: 1 })).ids).toEqual([q2, q3, q4, q5, q1]);
    expect(await order()).toEqual([q2, q3, q4, q5, q1].map((id, i) => [id, i + 1]));
  });

  it('keeps a question already shown in its place and its number, and refuses a move that would shift it', async () => {
    const game = await createGame(1, 'Live order');
    const [q1, q2, q3, q4, q5] = await fill(game.id, Array.from({ length: 5 }, (_, i) => ({ ...eightKinds(game.id)[2], title: `Q${i + 1}` })));
    await ok('/question/delete', { id: q2 });
    await app.db.update(questions).set({ status: 2 }).where(eq(questions.id, q3!));

    for (const [ids, by] of [
      [[q4], -1],
      [[q1], 1],
      [[q3], -1],
      [[q1, q3], 1],
    ] as const) {
      const en = await api('/question/move', { trivia_game_id: game.id, ids, by });
      expect(en.body).toEqual({ code: 201, message: 'A question already shown keeps its place in the order; this move would shift one', data: null });
    }
    const zh = await api('/question/move', { trivia_game_id: game.id, ids: [q4], by: -1 }, { lang: 'zh-TW' });
    expect(zh.body.message).toBe('已出題的題目必須留在原位，無法這樣移動');

    expect((await ok('/question/move', { trivia_game_id: game.id, ids: [q5], by: -1 })).ids).toEqual([q1, q3, q5, q4]);
    // The shown question keeps number 3 (the gap the delete left before it stays); the rest follow it.
    expect((await listQuestions(game.id)).map((q) => [q.id, q.sort])).toEqual([
      [q1, 1],
      [q3, 3],
      [q5, 4],
      [q4, 5],
    ]);
  });

  it("answers 404 when an id is not the game's, and 403 without the edit permission", async () => {
    const game = await createGame(1, 'Order 404');
    const [q1] = await fill(game.id, [eightKinds(game.id)[2]]);
    const other = await createGame(1, 'Order 404 other');
    const [q2] = await fill(other.id, [eightKinds(other.id)[2]]);
    expect((await api('/question/move', { trivia_game_id: game.id, ids: [q1, q2], by: 1 })).status).toBe(404);
    expect((await api('/question/move', { trivia_game_id: game.id, ids: [q1], by: 1 }, { cid: otherCid })).status).toBe(404);

    await createAdmin(app, { username: 'bulk-viewer', permissions: ['triviaGame.list'], companyIds: [Number(cid)] });
    const viewer = await login(app, 'bulk-viewer', 'Password-123');
    const asViewer = (path: string, body: unknown) => call(app, path, body, { token: viewer, cid });
    expect((await asViewer('/question/move', { trivia_game_id: game.id, ids: [q1], by: 1 })).status).toBe(403);
    expect((await asViewer('/question/deleteBatch', { trivia_game_id: game.id, ids: [q1] })).status).toBe(403);
    expect((await asViewer('/question/copy', { trivia_game_id: game.id, ids: [q1], dry_run: true })).status).toBe(403);
    expect((await exportFile(game.id, 'xlsx', { token: viewer })).statusCode).toBe(200);
  });
});

describe('delete in a batch', () => {
  it('deletes all or nothing, refused while one of them is on screen', async () => {
    const game = await createGame(1, 'Batch delete');
    const [q1, q2, q3, q4] = await fill(game.id, Array.from({ length: 4 }, (_, i) => ({ ...eightKinds(game.id)[2], title: `D${i + 1}` })));
    await app.db.update(questions).set({ status: 1 }).where(eq(questions.id, q3!));
    const refused = await api('/question/deleteBatch', { trivia_game_id: game.id, ids: [q1, q3] });
    expect(refused.body).toEqual({ code: 201, message: 'One of these questions is on screen; nothing was deleted', data: null });
    expect((await api('/question/deleteBatch', { trivia_game_id: game.id, ids: [q1, q3] }, { lang: 'zh-TW' })).body.message).toBe('所選題目中有一題正在顯示中，未刪除任何題目');
    expect(await listQuestions(game.id)).toHaveLength(4);

    const other = await createGame(1, 'Batch other');
    const [elsewhere] = await fill(other.id, [eightKinds(other.id)[2]]);
    expect((await api('/question/deleteBatch', { trivia_game_id: game.id, ids: [q1, elsewhere] })).status).toBe(404);
    expect((await api('/question/deleteBatch', { trivia_game_id: game.id, ids: [q1] }, { cid: otherCid })).status).toBe(404);

    // A question already shown but off screen (its answer out) may go, as /question/delete lets it.
    await app.db.update(questions).set({ status: 2 }).where(eq(questions.id, q4!));
    const done = await api('/question/deleteBatch', { trivia_game_id: game.id, ids: [q1, q2, q4] });
    expect(done.body).toMatchObject({ code: 200, message: '3 questions deleted', data: { deleted: 3 } });
    expect((await listQuestions(game.id)).map((q) => q.id)).toEqual([q3]);
    const detail = (await ok('/triviaGame/detail', { id: game.id })).item;
    expect(detail.question_count).toBe(1);
  });
});
