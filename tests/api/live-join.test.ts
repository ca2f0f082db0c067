/**
 * Joining a game from a phone (issue 16, points 3 and 6): a game that has ended answers code 201
 * "This game has ended." with its title and final ranking, in the request's language, instead of
 * admitting a player who would wait forever; a game not started yet still admits players. Nicknames
 * are counted as users see them (src/domain/nickname.ts): 21 family emoji are refused with the length
 * message, never cut to 20, and 20 of them are one name, "taken" the second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench, play } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());

describe('joining an ended game', () => {
  it('answers "This game has ended." with the title and the final ranking, in both languages', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Finished quiz', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    await b.flow(gameId, q1, 2);
    await b.answer(ann.token, q1, ['B']);
    await b.answer(ben.token, q1, ['A']);
    await b.flow(gameId, null, 5);

    const en = await play(app, '/join', { pin, nickname: 'Late' });
    expect(en.body).toMatchObject({ code: 201, message: 'This game has ended.', data: { title: 'Finished quiz', ranking: { question_id: q1, total: 2 } } });
    expect(en.body.data.ranking.list.map((r: { rank: number; nickname: string }) => [r.rank, r.nickname])).toEqual([
      [1, 'Ben'],
      [2, 'Ann'],
    ]);
    const zh = await play(app, '/join', { pin, nickname: 'Late' }, { lang: 'zh-TW' });
    expect(zh.body).toEqual({ ...en.body, message: '本場遊戲已結束。' });
    // Nobody was added.
    expect((await b.admin('/triviaGame/getRank', { trivia_game_id: gameId })).body.data.total).toBe(2);
  });

  it('answers the same for a game closed without any ranking (ranking null)', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Closed early', type: 1 });
    await b.addQuestion(gameId);
    await b.flow(gameId, null, 5);
    expect((await play(app, '/join', { pin, nickname: 'Late' })).body).toEqual({ code: 201, message: 'This game has ended.', data: { title: 'Closed early', ranking: null } });
  });

  it('still admits players to an enabled game that has not started', async () => {
    const { pin } = await b.createGame({ title: 'Not started', type: 1 });
    expect((await play(app, '/join', { pin, nickname: 'Early' })).body).toMatchObject({ code: 200, data: { player: { nickname: 'Early' } } });
  });
});

describe('nicknames counted as users see them', () => {
  const family = '👨‍👩‍👧‍👦';
  let pin: string;
  beforeAll(async () => {
    ({ pin } = await b.createGame({ title: 'Emoji names', type: 1 }));
  });

  it('refuses 21 family emoji with the length message in the request\'s language, never cutting them', async () => {
    const en = await play(app, '/join', { pin, nickname: family.repeat(21) });
    expect(en.status).toBe(422);
    expect(en.body.data.errors).toEqual({ nickname: ['A nickname can have at most 20 characters (an emoji or a flag counts as one)'] });
    const zh = await play(app, '/join', { pin, nickname: family.repeat(21) }, { lang: 'zh-TW' });
    expect(zh.body.data.errors).toEqual({ nickname: ['暱稱最多 20 個字（一個表情符號或國旗算一個字）'] });
  });

  it('accepts 20 family emoji once, then says the same name is taken', async () => {
    const first = await play(app, '/join', { pin, nickname: family.repeat(20) });
    expect(first.body).toMatchObject({ code: 200, data: { player: { nickname: family.repeat(20) } } });
    const second = await play(app, '/join', { pin, nickname: family.repeat(20) });
    expect(second.body).toEqual({ code: 201, message: 'This nickname is taken; please choose another one', data: null });
  });

  it('stores the NFC form, so a decomposed accent is the same name as the composed one', async () => {
    const composed = await play(app, '/join', { pin, nickname: 'Ren\u00e9e' });
    expect(composed.body.code).toBe(200);
    const decomposed = await play(app, '/join', { pin, nickname: 'Rene\u0301e' });
    expect(decomposed.body.message).toBe('This nickname is taken; please choose another one');
  });

  it('refuses control characters', async () => {
    const res = await play(app, '/join', { pin, nickname: 'Bob\u0007' }, { lang: 'zh-TW' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ nickname: ['暱稱不可包含控制字元（例如換行）'] });
  });
});
