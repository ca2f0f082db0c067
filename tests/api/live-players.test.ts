/**
 * Who a player token belongs to (features/live/plugin.ts, PlayerLookup): tokens looked up in the
 * same turn share one query, a player found is remembered for ten minutes (a question's thousands of
 * answers then cost no lookup), an unknown token is never remembered, and a player whose game was
 * deleted is refused as an unknown token even while remembered. Deleting a game deletes its players
 * and every answer, although an answer keys only its question (migration 0006).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { answers, players } from '@/server/db/schema';
import { PLAYER_CACHE_TTL_MS, PlayerLookup } from '@/server/features/live/plugin';
import { hashSecret } from '@/server/features/live/tokens';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench, countingDb, play } from './live-support';

let app: FastifyInstance;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  const token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());

async function joined(title: string, count: number) {
  const game = await b.createGame({ title, type: 1 });
  const list = [];
  for (let i = 0; i < count; i += 1) list.push(await b.joinPlayer(game.pin, `P${i + 1}`));
  return { game, players: list };
}

describe('who a player token belongs to', () => {
  it('looks up the tokens of one turn in one query, then remembers the players found', async () => {
    const { players: list } = await joined('Lookup batch', 3);
    const { db, calls: selects } = countingDb(app.db, 'select');
    const lookup = new PlayerLookup(db);
    const found = await Promise.all(list.map((p) => lookup.byTokenHash(hashSecret(p.token))));
    expect(found.map((p) => p?.id)).toEqual(list.map((p) => p.id));
    expect(found[0]).toMatchObject({ nickname: 'P1', joinOrder: 1 });
    expect(selects()).toBe(1);

    const again = await Promise.all(list.map((p) => lookup.byTokenHash(hashSecret(p.token))));
    expect(again.map((p) => p?.id)).toEqual(list.map((p) => p.id));
    expect(selects(), 'remembered: no query').toBe(1);
    expect(lookup.size).toBe(3);
  });

  it('never remembers an unknown token: a player who joins later is known at once', async () => {
    const { game } = await joined('Lookup unknown', 0);
    const { db, calls: selects } = countingDb(app.db, 'select');
    const lookup = new PlayerLookup(db);
    expect(await lookup.byTokenHash(hashSecret('not-yet'))).toBeUndefined();
    expect(await lookup.byTokenHash(hashSecret('not-yet'))).toBeUndefined();
    expect(selects()).toBe(2);
    expect(lookup.size).toBe(0);
    const late = await b.joinPlayer(game.pin, 'Late');
    expect((await lookup.byTokenHash(hashSecret(late.token)))?.id).toBe(late.id);
  });

  it('forgets the oldest player first when full, and every player after the time remembered', async () => {
    const { players: list } = await joined('Lookup expiry', 3);
    const start = 1_000_000;
    let now = start;
    const { db, calls: selects } = countingDb(app.db, 'select');
    const lookup = new PlayerLookup(db, () => now, PLAYER_CACHE_TTL_MS, 2);
    const [p1, p2, p3] = list.map((p) => hashSecret(p.token)) as [string, string, string];
    await lookup.byTokenHash(p1);
    await lookup.byTokenHash(p2);
    expect(selects()).toBe(2);

    now = start + PLAYER_CACHE_TTL_MS - 1;
    await lookup.byTokenHash(p1);
    expect(selects(), 'within the time: remembered').toBe(2);

    await lookup.byTokenHash(p3);
    expect(lookup.size, 'full: p1, the oldest, is forgotten').toBe(2);
    await lookup.byTokenHash(p2);
    expect(selects()).toBe(3);
    expect((await lookup.byTokenHash(p1))?.id).toBe(list[0]!.id);
    expect(selects(), 'p1 read again').toBe(4);

    // p3 was found just now; its row is gone now, which only a fresh lookup can tell.
    await app.db.delete(players).where(eq(players.id, list[2]!.id));
    expect((await lookup.byTokenHash(p3))?.id, 'still remembered').toBe(list[2]!.id);
    now = start + 2 * PLAYER_CACHE_TTL_MS;
    expect(await lookup.byTokenHash(p3), 'the time passed: read again, and the player is gone').toBeUndefined();
    expect(selects()).toBe(5);
  });

  it('refuses the player of a deleted game as an unknown token, although the token is remembered', async () => {
    const { game, players: list } = await joined('Deleted game', 1);
    const player = list[0]!;
    const question = await b.addQuestion(game.id);
    expect((await b.state(player.token)).player.id, 'the server now remembers the token').toBe(player.id);

    expect((await b.admin('/triviaGame/delete', { id: game.id })).body.code).toBe(200);
    const refused = { code: 202, message: '請重新加入遊戲', data: null };
    expect((await play(app, '/state', {}, { token: player.token, lang: 'zh-TW' })).body).toEqual(refused);
    expect((await b.answer(player.token, question, ['A'], { lang: 'zh-TW' })).body).toEqual(refused);
    expect((await play(app, '/ticket', {}, { token: player.token, lang: 'zh-TW' })).body).toEqual(refused);
  });

  it('deletes a game with its players and every answer, although an answer keys only its question', async () => {
    const { game, players: list } = await joined('Deleted with answers', 2);
    const question = await b.addQuestion(game.id);
    await b.flow(game.id, question, 2);
    for (const player of list) expect((await b.answer(player.token, question, ['A'])).body.code).toBe(200);
    const answersOfGame = () => app.db.select().from(answers).where(eq(answers.triviaGameId, game.id));
    expect(await answersOfGame()).toHaveLength(2);
    expect((await b.flow(game.id, null, 5)).body.code, 'a running game is ended before it can be deleted').toBe(200);

    expect((await b.admin('/triviaGame/delete', { id: game.id })).body.code).toBe(200);
    expect(await answersOfGame()).toEqual([]);
    expect(await app.db.select().from(answers).where(eq(answers.questionId, question))).toEqual([]);
    expect(await app.db.select().from(players).where(eq(players.triviaGameId, game.id))).toEqual([]);
  });
});
