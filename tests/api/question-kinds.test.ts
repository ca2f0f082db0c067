/**
 * The question kinds 3–8 through the contract, as an editor and a crowd of phones meet them: each
 * kind created and read back as its kind keeps it (true/false's fixed options, the parts a kind does
 * not use emptied, the explanation sanitized), each kind's editor rules as 422s in both languages, and
 * games of both types played through the play API with `choices`, `text` and `value` — right and
 * wrong, Traditional against Simplified, full-width, punctuation, the slider's tolerance edges, an
 * order, a poll, a refused slide — then published and scored as docs/game-rules.md says (speed:
 * 500..1000 by time, a bonus doubled; level game: the question's score), with the reveal the phones
 * get. Time is a frozen Date (vi.setSystemTime), never a sleep. Every response is checked against
 * its contract (live-support.ts, support/api.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { questions } from '@/server/db/schema';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench, expectPlaySchema, play, textOptions } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
  app.bus.subscribe((event) => events.push(event));
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());
const setNow = (ms: number) => vi.useFakeTimers({ toFake: ['Date'] }).setSystemTime(ms);

const SLIDER = { min: 0, max: 100, step: 5, answer: 50, tolerance: 5, unit: 'km' };

/** A question body of a kind: three text options, a 10 s limit and score 7 unless `extra` says otherwise. */
const body = (gameId: number, question_type: number, extra: Record<string, unknown> = {}) => ({
  trivia_game_id: gameId,
  title: `Kind ${question_type}`,
  question_text: `Kind ${question_type}?`,
  question_img: '',
  pre_video_url: '',
  have_answering_time: 1,
  answering_time: 10,
  score: 7,
  is_bonus: 0,
  question_type,
  options: textOptions('玉山', '雪山', '合歡山'),
  answer: [],
  ...extra,
});

async function create(gameId: number, type: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await b.admin('/question/create', body(gameId, type, extra));
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const detail = async (id: number) => (await b.admin('/question/detail', { id })).body.data.item;

const answerWith = (playerToken: string, question_id: number, answer: Record<string, unknown>, lang: 'en' | 'zh-TW' = 'en') =>
  play(app, '/answer', { question_id, ...answer }, { token: playerToken, lang });

/** An answer accepted (code 200), returning the stored answer. */
async function accepted(playerToken: string, questionId: number, answer: Record<string, unknown>) {
  const res = await answerWith(playerToken, questionId, answer);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.answer;
}
/** An answer refused (code 201) with this message in each language. */
async function refused(playerToken: string, questionId: number, answer: Record<string, unknown>, en: string, zh: string) {
  expect((await answerWith(playerToken, questionId, answer)).body).toEqual({ code: 201, message: en, data: null });
  expect((await answerWith(playerToken, questionId, answer, 'zh-TW')).body).toEqual({ code: 201, message: zh, data: null });
}

describe('the editor', () => {
  it('stores each kind as the kind keeps it and sanitizes the explanation', async () => {
    const { id: gameId } = await b.createGame({ title: 'Kinds in the editor', type: 1 });
    const none = { accepted_answers: [], ignore_punctuation: 0, slider: null };

    const trueFalse = await create(gameId, 3, { answer: ['B'], accepted_answers: ['stray'] });
    expect(await detail(trueFalse)).toMatchObject({ question_type: 3, options: textOptions('', ''), answer: ['B'], ...none });

    const poll = await create(gameId, 4, { answer: ['A'] });
    expect(await detail(poll)).toMatchObject({ question_type: 4, options: textOptions('玉山', '雪山', '合歡山'), answer: [], ...none });

    const typed = await create(gameId, 5, { accepted_answers: [' 臺灣 ', 'Taiwan'], ignore_punctuation: 1, slider: SLIDER });
    expect(await detail(typed)).toMatchObject({ question_type: 5, options: [], answer: [], accepted_answers: ['臺灣', 'Taiwan'], ignore_punctuation: 1, slider: null });

    const slider = await create(gameId, 6, { slider: SLIDER, answer: ['A'] });
    expect(await detail(slider)).toMatchObject({ question_type: 6, options: [], answer: [], accepted_answers: [], slider: SLIDER });

    const ordering = await create(gameId, 7, { answer: ['C', 'A', 'B'] });
    expect(await detail(ordering)).toMatchObject({ question_type: 7, options: textOptions('玉山', '雪山', '合歡山'), answer: ['C', 'A', 'B'] });
    // No order sent: the options' own order.
    expect((await detail(await create(gameId, 7))).answer).toEqual(['A', 'B', 'C']);

    // A content slide may be a video alone.
    const slide = await create(gameId, 8, { question_text: '', pre_video_url: 'https://example.com/sponsor.mp4', options: [] });
    expect(await detail(slide)).toMatchObject({ question_type: 8, options: [], answer: [], ...none });

    const explained = await create(gameId, 3, {
      answer: ['A'],
      explanation: '<p><b>Yushan</b> is <i>3952 m</i> <u>high</u><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.com">more</a></p><h1>big</h1>',
    });
    const explanation: string = (await detail(explained)).explanation;
    expect(explanation).toContain('<b>Yushan</b>');
    expect(explanation).toContain('<i>3952 m</i>');
    expect(explanation).toContain('href="https://example.com"');
    expect(explanation).not.toMatch(/<script|javascript:|<u>|<h1>|alert/);

    // A kind changes while not sent: what the new kind does not use is dropped.
    expect((await b.admin('/question/update', { ...body(gameId, 5, { accepted_answers: ['玉山'] }), id: poll })).body.code).toBe(200);
    expect(await detail(poll)).toMatchObject({ question_type: 5, options: [], accepted_answers: ['玉山'] });
    // Once shown, nothing changes, its kind neither.
    await b.flow(gameId, poll, 2);
    const locked = await b.admin('/question/update', { ...body(gameId, 1, { answer: ['A'] }), id: poll }, { lang: 'en' });
    expect(locked.body).toMatchObject({ code: 201, message: 'This question has already been shown to the players; it can no longer be changed' });
  });

  const cases: Array<{ rule: string; type: number; extra: Record<string, unknown>; en: Record<string, string[]>; zh: Record<string, string[]> }> = [
    { rule: 'true/false needs its answer', type: 3, extra: { answer: [] }, en: { answer: ['Please choose True or False as the answer'] }, zh: { answer: ['請選擇「對」或「錯」為答案'] } },
    { rule: 'a type answer needs an accepted answer', type: 5, extra: { accepted_answers: [' '] }, en: { accepted_answers: ['Please enter 1 to 20 accepted answers'] }, zh: { accepted_answers: ['請輸入 1 到 20 個可接受的答案'] } },
    { rule: 'accepted answers differ once normalised', type: 5, extra: { accepted_answers: ['臺灣', '台湾'] }, en: { accepted_answers: ['An accepted answer is listed twice'] }, zh: { accepted_answers: ['可接受的答案重複了'] } },
    { rule: 'a slider needs its scale', type: 6, extra: { slider: null }, en: { slider: ["Please set the slider's range and answer"] }, zh: { slider: ['請設定滑桿的範圍與答案'] } },
    { rule: 'a slider goes up', type: 6, extra: { slider: { ...SLIDER, min: 100, max: 0 } }, en: { 'slider.max': ['The maximum must be greater than the minimum'] }, zh: { 'slider.max': ['最大值需大於最小值'] } },
    {
      rule: "a slider's answer is on a step",
      type: 6,
      extra: { slider: { ...SLIDER, answer: 52 } },
      en: { 'slider.answer': ['The answer must be between the minimum and the maximum, on a step'] },
      zh: { 'slider.answer': ['答案需介於最小值與最大值之間，且落在間距上'] },
    },
    {
      rule: 'an order lists every option',
      type: 7,
      extra: { answer: ['B', 'A'] },
      en: { answer: ['The answer of an ordering question lists every option once, in the right order'] },
      zh: { answer: ['排序題的答案需依正確順序列出每個選項各一次'] },
    },
    { rule: 'a poll has 2 to 4 options', type: 4, extra: { options: textOptions('玉山') }, en: { options: ['There must be 2 to 4 options'] }, zh: { options: ['選項需有 2 到 4 個'] } },
  ];
  it.each(cases)('refuses a question when $rule, in both languages', async ({ type, extra, en, zh }) => {
    const { id: gameId } = await b.createGame({ title: 'Kinds refused', type: 1 });
    for (const [lang, errors] of [['en', en], ['zh-TW', zh]] as const) {
      const res = await b.admin('/question/create', body(gameId, type, extra), { lang });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.data.errors).toEqual(errors);
    }
  });
});

/** A question shown at `t0`, answered by `answers` (each at t0 + its ms), published at t0 + 11 s. */
async function playQuestion(gameId: number, questionId: number, t0: number, answers: Array<[token: string, ms: number, answer: Record<string, unknown>]>) {
  setNow(t0);
  expect((await b.flow(gameId, questionId, 2)).body.code).toBe(200);
  for (const [playerToken, ms, answer] of answers) {
    setNow(t0 + ms);
    await accepted(playerToken, questionId, answer);
  }
  setNow(t0 + 11_000);
  expect((await b.flow(gameId, questionId, 3)).body.code).toBe(200);
}
const mine = async (playerToken: string) => (await b.state(playerToken)).my_answer;

describe('a speed contest', () => {
  it('takes choices, text and value as each kind asks, scores them by speed and reveals them', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Kinds, speed', type: 1 });
    const trueFalse = await create(gameId, 3, { answer: ['B'], explanation: '<b>False</b>: it is 3952 m' });
    const poll = await create(gameId, 4);
    const typed = await create(gameId, 5, { accepted_answers: ['臺灣大學', 'NTU'], ignore_punctuation: 1 });
    const strict = await create(gameId, 5, { accepted_answers: ['Hello, world'] });
    const slider = await create(gameId, 6, { slider: SLIDER, is_bonus: 1 });
    const ordering = await create(gameId, 7, { answer: ['C', 'A', 'B'] });
    const slide = await create(gameId, 8, { options: [] });
    const last = await create(gameId, 3, { answer: ['A'] });
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    const cat = await b.joinPlayer(pin, 'Cat');
    let t0 = Date.UTC(2026, 11, 1, 12);

    // True/false: choices A (true) or B (false); a text is not its answer.
    setNow(t0);
    await b.flow(gameId, trueFalse, 2);
    await refused(cat.token, trueFalse, { text: 'B' }, 'This question does not take this kind of answer', '此題目不接受這種答案');
    setNow(t0 + 2_000);
    expect(await accepted(ann.token, trueFalse, { choices: ['B'] })).toMatchObject({ choices: ['B'], text: null, value: null, elapsed_ms: 2_000 });
    setNow(t0 + 4_000);
    await accepted(ben.token, trueFalse, { choices: ['A'] });
    setNow(t0 + 11_000);
    events.length = 0;
    await b.flow(gameId, trueFalse, 3);
    expect(await mine(ann.token)).toMatchObject({ correct: true, points: 900 }); // 1000 × (1 − 2/20)
    expect(await mine(ben.token)).toMatchObject({ correct: false, points: 0 });
    const revealed = (await b.state(ann.token)).question;
    expect(revealed).toMatchObject({ answer: ['B'], reveal: { explanation: '<b>False</b>: it is 3952 m', accepted_answers: [], typed: [], histogram: [] } });
    const published = events.find((e) => e.type === 'server.answerPublished')!;
    expectPlaySchema('EventAnswerPublished', published.data);
    expect(published.data).toMatchObject({ question_id: trueFalse, answer: ['B'], reveal: { explanation: '<b>False</b>: it is 3952 m' } });

    // A poll: one vote, counted, never right, never scored.
    t0 += 60_000;
    setNow(t0);
    await b.flow(gameId, poll, 2);
    await refused(cat.token, poll, { choices: ['A', 'B'] }, 'A single-choice question takes exactly one answer', '單選題只能選擇一個答案');
    await playQuestionShown(gameId, poll, t0, [[ann.token, 2_000, { choices: ['A'] }], [ben.token, 3_000, { choices: ['B'] }]]);
    expect(await mine(ann.token)).toMatchObject({ choices: ['A'], correct: false, points: 0 });
    expect((await b.state(ann.token)).question).toMatchObject({ answer: [] });

    // A type answer: Simplified for Traditional, full-width and punctuation ignored; 60 characters at most.
    t0 += 60_000;
    setNow(t0);
    await b.flow(gameId, typed, 2);
    await refused(cat.token, typed, { text: 'x'.repeat(61) }, 'The answer has 1 to 60 characters', '答案需為 1 到 60 個字');
    await refused(cat.token, typed, { choices: ['A'] }, 'This question does not take this kind of answer', '此題目不接受這種答案');
    expect((await b.state(ann.token)).question.question).toMatchObject({ options: [], slider: null });
    await playQuestionShown(gameId, typed, t0, [
      [ann.token, 2_000, { text: ' 台湾大学 ' }],
      [ben.token, 4_000, { text: 'ＮＴＵ!' }],
      [cat.token, 5_000, { text: 'NTU university' }],
    ]);
    expect(await mine(ann.token)).toMatchObject({ text: '台湾大学', choices: [], correct: true, points: 900 });
    expect(await mine(ben.token)).toMatchObject({ text: 'ＮＴＵ!', correct: true, points: 800 }); // 1000 × (1 − 4/20)
    expect(await mine(cat.token)).toMatchObject({ correct: false, points: 0 });
    const typedReveal = (await b.state(cat.token)).question.reveal;
    expect(typedReveal.accepted_answers).toEqual(['臺灣大學', 'NTU']);
    expect([...typedReveal.typed].sort((x: { text: string }, y: { text: string }) => x.text.localeCompare(y.text))).toEqual(
      [{ text: '台湾大学', count: 1 }, { text: 'ＮＴＵ!', count: 1 }].sort((x, y) => x.text.localeCompare(y.text)),
    );
    // A resend of the stored answer gets it back; a different one is refused.
    expect((await answerWith(ann.token, typed, { text: '台湾大学' })).body).toMatchObject({ code: 200, data: { answer: { text: '台湾大学', points: 900 } } });
    await refused(ann.token, typed, { text: 'NTU' }, 'You have already answered this question', '您已作答過此題');

    // Punctuation counts when the question does not ignore it; case and spaces never do.
    t0 += 60_000;
    await playQuestion(gameId, strict, t0, [[ann.token, 2_000, { text: 'hello,   WORLD' }], [ben.token, 2_000, { text: 'Hello world' }]]);
    expect(await mine(ann.token)).toMatchObject({ correct: true, points: 900 });
    expect(await mine(ben.token)).toMatchObject({ correct: false, points: 0 });

    // A slider: a value on a step within the range; right within the tolerance, both edges included; a bonus doubles.
    t0 += 60_000;
    setNow(t0);
    await b.flow(gameId, slider, 2);
    const shown = (await b.state(ann.token)).question.question;
    expect(shown.slider).toEqual({ min: 0, max: 100, step: 5, unit: 'km' });
    await refused(cat.token, slider, { value: 52 }, "The value is not on one of the slider's steps", '數值不在滑桿的刻度上');
    await refused(cat.token, slider, { value: 105 }, "The value is outside the slider's range", '數值超出滑桿的範圍');
    await refused(cat.token, slider, { choices: ['A'] }, 'This question does not take this kind of answer', '此題目不接受這種答案');
    await playQuestionShown(gameId, slider, t0, [
      [ann.token, 2_000, { value: 55 }],
      [ben.token, 2_000, { value: 60 }],
      [cat.token, 6_000, { value: 45 }],
    ]);
    expect(await mine(ann.token)).toMatchObject({ value: 55, correct: true, points: 1800 });
    expect(await mine(ben.token)).toMatchObject({ value: 60, correct: false, points: 0 });
    expect(await mine(cat.token)).toMatchObject({ value: 45, correct: true, points: 1400 }); // 2 × 1000 × (1 − 6/20)
    expect((await answerWith(ann.token, slider, { value: 55 })).body.code, 'a resend').toBe(200);
    const sliderReveal = (await b.state(ann.token)).question.reveal;
    expect(sliderReveal).toMatchObject({ slider_answer: 50, slider_tolerance: 5 });
    expect(sliderReveal.histogram).toHaveLength(10);
    expect(sliderReveal.histogram.map((bin: { count: number }) => bin.count)).toEqual([0, 0, 0, 0, 1, 1, 1, 0, 0, 0]);

    // Ordering: every option in the player's order; right only when the whole order is.
    t0 += 60_000;
    setNow(t0);
    await b.flow(gameId, ordering, 2);
    await refused(cat.token, ordering, { choices: ['C', 'A'] }, 'Please put every option in the order', '請將每個選項都排入順序');
    await playQuestionShown(gameId, ordering, t0, [[ann.token, 2_000, { choices: ['C', 'A', 'B'] }], [ben.token, 2_000, { choices: ['A', 'B', 'C'] }]]);
    expect(await mine(ann.token)).toMatchObject({ choices: ['C', 'A', 'B'], correct: true, points: 900 });
    expect(await mine(ben.token)).toMatchObject({ choices: ['A', 'B', 'C'], correct: false, points: 0 });
    expect((await b.state(ann.token)).question.answer).toEqual(['C', 'A', 'B']);

    // A content slide: no countdown, every answer refused; the next question closes it.
    t0 += 60_000;
    setNow(t0);
    await b.flow(gameId, slide, 2);
    expect((await b.state(ann.token)).question).toMatchObject({ deadline: null, can_answer: false, refusal: null, question: { question_type: 8, have_answering_time: 0 } });
    await refused(ann.token, slide, { choices: ['A'] }, 'This slide takes no answers', '此頁面不需作答');
    setNow(t0 + 120_000);
    events.length = 0;
    const next = await b.flow(gameId, last, 2);
    expect(next.body).toMatchObject({ code: 200, data: { applied: true, question: { id: last, status: 1 } } });
    const steps = events.filter((e) => e.topic.endsWith(':public') && ['server.answerPublished', 'server.questionShown'].includes(e.type));
    expect(steps.map((e) => [e.type, (e.data as { question_id: number }).question_id])).toEqual([
      ['server.answerPublished', slide],
      ['server.questionShown', last],
    ]);
    expect((await b.admin('/question/detail', { id: slide })).body.data.item.status).toBe(2);

    // Ann: 900 + 0 + 900 + 900 + 1800 + 900; the poll and the slide add nothing.
    expect((await b.state(ann.token)).player.score).toBe(5400);
    expect((await b.state(ben.token)).player.score).toBe(800);
    expect((await b.state(cat.token)).player.score).toBe(1400);

    // The statistics count each kind its way.
    const stats = (await b.admin('/triviaGame/questionStats', { trivia_game_id: gameId })).body.data.list;
    const of = (id: number) => stats.find((s: { question_id: number }) => s.question_id === id);
    expect(of(poll)).toMatchObject({ answered: 2, percent_correct: null, distribution: [{ title: 'A', count: 1 }, { title: 'B', count: 1 }, { title: 'C', count: 0 }] });
    expect(of(typed)).toMatchObject({ answered: 3, correct: 2, percent_correct: 66.7 });
    expect(of(typed).typed).toHaveLength(2);
    expect(of(slider).histogram.map((bin: { count: number }) => bin.count)).toEqual([0, 0, 0, 0, 1, 1, 1, 0, 0, 0]);
    expect(of(slide)).toMatchObject({ answered: 0, answer: [] });
  });
});

describe('after the game', () => {
  it("keeps a long explanation in the state when the event cannot carry it, and exports each kind's answer", async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Kinds, export', type: 1 });
    const long = `<p>${'玉山是臺灣最高的山。'.repeat(250)}</p>`;
    const typed = await create(gameId, 5, { accepted_answers: ['臺灣'], explanation: long });
    const slider = await create(gameId, 6, { slider: SLIDER });
    const ann = await b.joinPlayer(pin, 'Ann');
    const t0 = Date.UTC(2026, 11, 3, 12);
    events.length = 0;
    await playQuestion(gameId, typed, t0, [[ann.token, 1_000, { text: '台湾' }]]);
    expect((await b.state(ann.token)).question.reveal.explanation).toBe(long);
    await playQuestion(gameId, slider, t0 + 60_000, [[ann.token, 1_000, { value: 35 }]]);
    const published = events.find((e) => e.type === 'server.answerPublished' && (e.data as { question_id: number }).question_id === typed)!;
    expect(published.data).toMatchObject({ reveal: { explanation: '', typed: [{ text: '台湾', count: 1 }] } });

    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/triviaGame/exportResults',
      payload: JSON.stringify({ trivia_game_id: gameId, format: 'csv', table: 'answers' }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cid: '1', lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body.split(/\r?\n/).map((line) => line.split(','));
    const header = rows[0]!;
    const column = (name: string) => header.findIndex((cell) => cell.replace(/^\uFEFF/, '') === name);
    const row = (title: string) => rows.find((cells) => cells.includes(title))!;
    expect([row('Kind 5')[column('Choices')], row('Kind 5')[column('Correct answer')], row('Kind 5')[column('Correct')]]).toEqual(['台湾', '臺灣', 'yes']);
    expect([row('Kind 6')[column('Choices')], row('Kind 6')[column('Correct answer')], row('Kind 6')[column('Correct')]]).toEqual(['35', '50 ± 5 km', 'no']);
  });
});

/** Answers to a question already on screen (shown at t0), then its answer published at t0 + 11 s. */
async function playQuestionShown(gameId: number, questionId: number, t0: number, answers: Array<[token: string, ms: number, answer: Record<string, unknown>]>) {
  for (const [playerToken, ms, answer] of answers) {
    setNow(t0 + ms);
    await accepted(playerToken, questionId, answer);
  }
  setNow(t0 + 11_000);
  expect((await b.flow(gameId, questionId, 3)).body.code).toBe(200);
}

describe('a level game', () => {
  it("scores every right answer the question's score, a poll nothing", async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Kinds, levels', type: 2 });
    const levelId = (await b.admin('/triviaGame/allLevel', { trivia_game_id: gameId })).body.data.list[0].id as number;
    const untimed = { level_id: levelId, have_answering_time: 0, score: 7 };
    const trueFalse = await create(gameId, 3, { ...untimed, answer: ['A'] });
    const poll = await create(gameId, 4, untimed);
    const typed = await create(gameId, 5, { ...untimed, accepted_answers: ['玉山'] });
    const slider = await create(gameId, 6, { ...untimed, slider: { ...SLIDER, tolerance: 0 } });
    const ordering = await create(gameId, 7, { ...untimed, answer: ['B', 'C', 'A'] });
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    const t0 = Date.UTC(2026, 11, 2, 12);
    await playQuestion(gameId, trueFalse, t0, [[ann.token, 1_000, { choices: ['A'] }], [ben.token, 1_000, { choices: ['B'] }]]);
    await playQuestion(gameId, poll, t0 + 60_000, [[ann.token, 1_000, { choices: ['C'] }], [ben.token, 1_000, { choices: ['C'] }]]);
    await playQuestion(gameId, typed, t0 + 120_000, [[ann.token, 1_000, { text: '玉山' }], [ben.token, 1_000, { text: '雪山' }]]);
    await playQuestion(gameId, slider, t0 + 180_000, [[ann.token, 1_000, { value: 50 }], [ben.token, 1_000, { value: 55 }]]);
    await playQuestion(gameId, ordering, t0 + 240_000, [[ann.token, 1_000, { choices: ['B', 'C', 'A'] }], [ben.token, 1_000, { choices: ['C', 'B', 'A'] }]]);
    expect((await b.state(ann.token)).player.score).toBe(28);
    expect((await b.state(ben.token)).player.score).toBe(0);
    const ranking = (await b.admin('/triviaGame/getRank', { trivia_game_id: gameId })).body.data.list;
    expect(ranking.map((r: { nickname: string; score: number }) => [r.nickname, r.score])).toEqual([
      ['Ann', 28],
      ['Ben', 0],
    ]);
  });
});

describe('the pre-flight check', () => {
  it("warns of an order as listed and a slider's answer at an end, and never asks a slide for a time limit", async () => {
    const { id: gameId } = await b.createGame({ title: 'Kinds, pre-flight', type: 1 });
    const listed = await create(gameId, 7);
    const shuffled = await create(gameId, 7, { answer: ['B', 'C', 'A'] });
    const atEnd = await create(gameId, 6, { slider: { ...SLIDER, answer: 100 } });
    const slide = await create(gameId, 8, { options: [] });
    // A slide's answering time is never asked for, so whatever is stored there is no problem.
    await app.db.update(questions).set({ haveAnsweringTime: 0, answeringTime: 0 }).where(eq(questions.id, slide));
    const check = async (lang: 'en' | 'zh-TW') => {
      const res = await b.admin('/triviaGame/preflight', { trivia_game_id: gameId }, { lang });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.problems as Array<{ code: string; severity: string; question_id: number | null; field: string | null; message: string }>).filter((p) => p.question_id !== null);
    };
    const problems = await check('en');
    expect(problems.map((p) => [p.code, p.severity, p.question_id, p.field])).toEqual([
      ['order_as_listed', 'warning', listed, 'answer'],
      ['slider_answer_at_end', 'warning', atEnd, 'slider.answer'],
    ]);
    expect(problems.map((p) => p.question_id)).not.toContain(shuffled); // nor the slide
    expect(problems[0]!.message).toBe('Question 1 "Kind 7": the right order is the letters\' order, and the phones list the options by letter, showing the answer');
    expect((await check('zh-TW'))[1]!.message).toBe('第 3 題「Kind 6」的滑桿答案在最小值或最大值：把滑桿推到底就答對了');
  });
});
