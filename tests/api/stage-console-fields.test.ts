/**
 * The stage console's fields of a game and a question, as the back office reads and writes them
 * (admin API /triviaGame/* and /question/*): a game's `auto_advance` settings (defaults on an old game,
 * kept when an update omits them, copied by a duplicate), its `autopilot` state
 * (machines/game/autopilot-state.ts), `current_question_id` and `stage_message`; a question's speaker
 * `notes` (kept with their line breaks, copied, control characters refused). Every response is checked
 * against the contract by tests/support/api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { triviaGames } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench } from './live-support';

let app: FastifyInstance;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  const token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());

const DEFAULTS = { enabled: false, reveal: 'at_zero', ranking_after_s: 5, next_after_s: 10, end_after_last: true };
const OFF = (id: number) => ({ trivia_game_id: id, state: 'off', next_step: null, due_at: null, remaining_ms: null });
const detail = async (id: number) => (await b.admin('/triviaGame/detail', { id })).body.data.item;
const listed = async (id: number) => {
  const list = (await b.admin('/triviaGame/list', { page: 1, limit: 50, order: 'desc', sort: 'id' })).body.data.list as Array<{ id: number }>;
  return list.find((game) => game.id === id);
};
const question = async (id: number) => (await b.admin('/question/detail', { id })).body.data.item;

async function fieldErrors(path: string, body: unknown, lang: 'en' | 'zh-TW') {
  const res = await b.admin(path, body, { lang });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return res.body.data.errors as Record<string, string[]>;
}

describe("a game's stage console fields", () => {
  it('an old game: autopilot off with the default settings, no stage message, no question shown', async () => {
    const game = await b.createGame({ title: 'Old game', type: 1 });
    const fields = { current_question_id: null, auto_advance: DEFAULTS, autopilot: OFF(game.id), stage_message: null };
    expect(await detail(game.id)).toMatchObject(fields);
    expect(await listed(game.id)).toMatchObject(fields);
    const q1 = await b.addQuestion(game.id, {}, 'Q1');
    expect((await b.flow(game.id, q1, 2)).body.code).toBe(200);
    expect(await detail(game.id)).toMatchObject({ current_question_id: q1, autopilot: OFF(game.id) });
    expect(await listed(game.id)).toMatchObject({ current_question_id: q1 });
  });

  it('keeps the settings an operator picks, unchanged when an update omits them; the autopilot runs the next step', async () => {
    const settings = { enabled: true, reveal: 'at_zero', ranking_after_s: 8, next_after_s: 0, end_after_last: false };
    const game = await b.createGame({ title: 'Autopilot', type: 1, auto_advance: settings });
    const q1 = await b.addQuestion(game.id, { answering_time: 30 }, 'Q1');
    await b.addQuestion(game.id, {}, 'Q2');
    // The first question is always the operator's: named, but due at no time.
    const before = { trivia_game_id: game.id, state: 'running', next_step: { type: 2, question_id: q1 }, due_at: null, remaining_ms: null };
    expect(await detail(game.id)).toMatchObject({ auto_advance: settings, autopilot: before });
    expect(await listed(game.id)).toMatchObject({ auto_advance: settings, autopilot: before });

    expect((await b.admin('/triviaGame/update', { id: game.id, title: 'Autopilot, renamed', type: 1 })).body.code).toBe(200);
    expect((await detail(game.id)).auto_advance).toEqual(settings);

    // A timed question on screen: its answer is due at its deadline plus the 0.5 s grace.
    const shown = (await b.flow(game.id, q1, 2)).body.data.question;
    const due = new Date(Date.parse(shown.shown_at) + 30_000 + 500).toISOString();
    const running = { trivia_game_id: game.id, state: 'running', next_step: { type: 3, question_id: q1 }, due_at: due, remaining_ms: null };
    expect(await detail(game.id)).toMatchObject({ current_question_id: q1, autopilot: running });
    expect(await listed(game.id)).toMatchObject({ autopilot: running });

    const off = { ...settings, enabled: false };
    expect((await b.admin('/triviaGame/update', { id: game.id, title: 'Autopilot', type: 1, auto_advance: off })).body.code).toBe(200);
    expect(await detail(game.id)).toMatchObject({ auto_advance: off, autopilot: OFF(game.id) });
  });

  it('refuses settings out of range, in the request language, and keeps the stored ones', async () => {
    const game = await b.createGame({ title: 'Ranges', type: 1 });
    const body = (auto_advance: unknown) => ({ id: game.id, title: 'Ranges', type: 1, auto_advance });
    expect(await fieldErrors('/triviaGame/update', body({ ...DEFAULTS, next_after_s: 601 }), 'en')).toEqual({ 'auto_advance.next_after_s': ['Must be at most 600'] });
    expect(await fieldErrors('/triviaGame/update', body({ ...DEFAULTS, ranking_after_s: -1 }), 'zh-TW')).toEqual({ 'auto_advance.ranking_after_s': ['不可小於 0'] });
    expect(await fieldErrors('/triviaGame/create', { title: 'x', type: 1, auto_advance: { ...DEFAULTS, reveal: 'never' } }, 'en')).toHaveProperty(['auto_advance.reveal']);
    expect((await detail(game.id)).auto_advance).toEqual(DEFAULTS);
  });

  it('a duplicate copies the settings, never the run: no question shown, no pause, no stage message', async () => {
    const settings = { ...DEFAULTS, enabled: true, next_after_s: 20 };
    const game = await b.createGame({ title: 'Original', type: 1, auto_advance: settings });
    const q1 = await b.addQuestion(game.id, {}, 'Q1');
    expect((await b.flow(game.id, q1, 2)).body.code).toBe(200);
    await app.db
      .update(triviaGames)
      .set({ stageMessage: { title: '休息 10 分鐘', text: '' }, autopilotPausedAt: new Date(), autopilotPausedMs: 1_000, lastStepAt: new Date() })
      .where(eq(triviaGames.id, game.id));
    expect((await detail(game.id)).stage_message).toEqual({ title: '休息 10 分鐘', text: '' });

    const copyId = (await b.admin('/triviaGame/duplicate', { id: game.id })).body.data.id as number;
    // The copy is disabled (not started): its autopilot is off until it is enabled again.
    expect(await detail(copyId)).toMatchObject({ auto_advance: settings, current_question_id: null, stage_message: null, autopilot: OFF(copyId) });
    const [row] = await app.db.select().from(triviaGames).where(eq(triviaGames.id, copyId));
    expect(row).toMatchObject({ lastStepAt: null, autopilotPausedAt: null, autopilotPausedMs: 0, stageMessage: null });
  });
});

describe("a question's speaker notes", () => {
  const NOTES = 'Say hello to table 7.\nThen: the mountain story\r\n\tand the joke.';

  it('keeps them with their line breaks, leaves them when an update omits them, copies them', async () => {
    const game = await b.createGame({ title: 'Notes', type: 1 });
    const id = await b.addQuestion(game.id, {}, 'Q1');
    expect((await question(id)).notes).toBe('');
    expect((await b.admin('/question/update', { id, trivia_game_id: game.id, notes: NOTES })).body.code).toBe(200);
    expect((await question(id)).notes).toBe(NOTES);
    expect((await b.admin('/question/update', { id, trivia_game_id: game.id, title: 'Q1 renamed' })).body.code).toBe(200);
    expect(await question(id)).toMatchObject({ title: 'Q1 renamed', notes: NOTES });
    const list = (await b.admin('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: game.id })).body.data.list;
    expect(list[0].notes).toBe(NOTES);

    const created = await b.admin('/question/create', { ...(await question(id)), id: undefined, status: undefined, sort: undefined, notes: 'Second' });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    expect((await question(created.body.data.id)).notes).toBe('Second');

    // /question/copy and a game's duplicate carry them.
    const other = await b.createGame({ title: 'Notes copy target', type: 1 });
    expect((await b.admin('/question/copy', { ids: [id], trivia_game_id: other.id })).body.code).toBe(200);
    const copied = (await b.admin('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: other.id })).body.data.list;
    expect(copied.map((q: { notes: string }) => q.notes)).toEqual([NOTES]);
    const duplicate = (await b.admin('/triviaGame/duplicate', { id: game.id })).body.data.id as number;
    const duplicated = (await b.admin('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: duplicate })).body.data.list;
    expect(duplicated.map((q: { notes: string }) => q.notes)).toEqual([NOTES, 'Second']);
  });

  it('refuses control characters other than line breaks and tabs, and more than 2000 characters', async () => {
    const game = await b.createGame({ title: 'Bad notes', type: 1 });
    const id = await b.addQuestion(game.id, {}, 'Q1');
    const errors = await fieldErrors('/question/update', { id, trivia_game_id: game.id, notes: 'bell\u0007' }, 'en');
    expect(Object.keys(errors)).toEqual(['notes']);
    expect(Object.keys(await fieldErrors('/question/update', { id, trivia_game_id: game.id, notes: 'x'.repeat(2001) }, 'zh-TW'))).toEqual(['notes']);
    expect((await question(id)).notes).toBe('');
  });
});
