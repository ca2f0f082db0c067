/**
 * Joins committed together (issue 22, src/server/features/live/answers/join-batch.ts, its statement in live/sql/join-batch.ts): a crowd's joins that
 * arrive while a batch commits are admitted by one statement, with the rules of a join alone — the
 * cap, nicknames unique in the game whatever their case (also within one batch), join orders 1, 2, 3…
 * in arrival order, the player count raised by the admitted — and the same refusal messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { JoinBatcher, type AdmitInput } from '@/server/features/live/answers/join-batch';
import { admitPlayers } from '@/server/features/live/queries';
import { hashSecret, newSecret } from '@/server/features/live/tokens';
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

const input = (pin: string, nickname: string): AdmitInput => ({ pin, nickname, tokenHash: hashSecret(newSecret()), joinedAt: new Date(), address: '10.0.0.1' });

async function playersOf(gameId: number): Promise<Array<{ nickname: string; join_order: number }>> {
  const result = (await app.db.execute(sql`select nickname, join_order from players where trivia_game_id = ${gameId} order by join_order`)) as unknown as {
    rows: Array<{ nickname: string; join_order: number }>;
  };
  return result.rows;
}

/**
 * The game's stored player count. Read from the table, not through /triviaGame/detail: on PostgreSQL
 * the read cache learns of a join's commit by its NOTIFY, a few milliseconds later, so a detail read
 * at once may still answer the count it cached when the game was created.
 */
async function playerCount(gameId: number): Promise<number> {
  const result = (await app.db.execute(sql`select player_count from trivia_games where id = ${gameId}`)) as unknown as { rows: Array<{ player_count: number }> };
  return Number(result.rows[0]!.player_count);
}

describe('one statement for several joins', () => {
  it('admits in arrival order with join orders after the players already in, and raises the count by as many', async () => {
    const { id, pin } = await b.createGame({ title: 'Batch order', type: 1 });
    await b.joinPlayer(pin, 'First');
    const admitted = await admitPlayers(app.db, pin, ['Ann', 'Ben', 'Cy'].map((n) => input(pin, n)));
    expect(admitted.map((a) => [a?.player.nickname, a?.player.joinOrder, a?.game.playerCount, a?.game.id])).toEqual([
      ['Ann', 2, 2, id],
      ['Ben', 3, 3, id],
      ['Cy', 4, 4, id],
    ]);
    expect(await playersOf(id)).toEqual([
      { nickname: 'First', join_order: 1 },
      { nickname: 'Ann', join_order: 2 },
      { nickname: 'Ben', join_order: 3 },
      { nickname: 'Cy', join_order: 4 },
    ]);
    expect(await playerCount(id)).toBe(4);
  });

  it('admits a nickname once, whatever its case, against the game and within the batch', async () => {
    const { id, pin } = await b.createGame({ title: 'Batch names', type: 1 });
    await b.joinPlayer(pin, 'Taken');
    const admitted = await admitPlayers(app.db, pin, ['taken', 'Ann', 'ANN', 'Ben'].map((n) => input(pin, n)));
    expect(admitted.map((a) => a?.player.joinOrder ?? null)).toEqual([null, 2, null, 3]);
    expect((await playersOf(id)).map((p) => p.nickname)).toEqual(['Taken', 'Ann', 'Ben']);
    expect(await playerCount(id)).toBe(3);
  });

  it('fills the places left under the cap in arrival order and admits nobody past it', async () => {
    const { id, pin } = await b.createGame({ title: 'Batch cap', type: 1, player_cap: 3 });
    await b.joinPlayer(pin, 'One');
    const admitted = await admitPlayers(app.db, pin, ['Two', 'Three', 'Four', 'Five'].map((n) => input(pin, n)));
    expect(admitted.map((a) => a?.player.nickname ?? null)).toEqual(['Two', 'Three', null, null]);
    expect(await playerCount(id)).toBe(3);
    expect(await admitPlayers(app.db, pin, [input(pin, 'Six'), input(pin, 'Seven')])).toEqual([undefined, undefined]);
  });

  it('admits nobody to a game that is not open or a PIN that names none', async () => {
    const { id, pin } = await b.createGame({ title: 'Batch closed', type: 1 });
    await app.db.execute(sql`update trivia_games set status = 0 where id = ${id}`);
    expect(await admitPlayers(app.db, pin, [input(pin, 'A'), input(pin, 'B')])).toEqual([undefined, undefined]);
    expect(await admitPlayers(app.db, '000000', [input('000000', 'A'), input('000000', 'B')])).toEqual([undefined, undefined]);
    expect(await playersOf(id)).toEqual([]);
  });
});

describe('the group commit', () => {
  it('admits 60 joins sent at once through the API: every one admitted, orders 1..60, the count 60', async () => {
    const { id, pin } = await b.createGame({ title: 'Crowd', type: 1 });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => play(app, '/join', { pin, nickname: `Crowd ${i + 1}` })));
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    const orders = answers.map((a) => a.body.data.player.join_order as number).sort((x, y) => x - y);
    expect(orders).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // Each player's answer carries the count its own join left, as a join alone does.
    for (const a of answers) expect(a.body.data.game.player_count).toBe(a.body.data.player.join_order);
    expect(await playerCount(id)).toBe(60);
  });

  it('refuses, among joins sent at once, the second of one nickname and those past the cap, with the messages of a join alone', async () => {
    const { pin } = await b.createGame({ title: 'Crowd refusals', type: 1, player_cap: 4 });
    const names = ['Ann', 'ann', 'Ben', 'Cy', 'Dee', 'Eve'];
    const answers = await Promise.all(names.map((nickname) => play(app, '/join', { pin, nickname })));
    expect(answers.map((a) => a.body.message)).toEqual([
      'OK',
      'This nickname is taken; please choose another one',
      'OK',
      'OK',
      'OK',
      'This game is full (4 players)',
    ]);
    const zh = await play(app, '/join', { pin, nickname: 'Fay' }, { lang: 'zh-TW' });
    expect(zh.body).toEqual({ code: 201, message: '此遊戲人數已滿（上限 4 人）', data: null });
  });

  it('falls back to one join at a time when the batch statement fails: only the failing join fails', async () => {
    const { id, pin } = await b.createGame({ title: 'Batch fallback', type: 1 });
    const batcher = new JoinBatcher(app.db);
    const shared = hashSecret(newSecret());
    // Two joins with one token hash (unique in the table): the statement fails, then each is tried alone.
    const results = await Promise.allSettled([
      batcher.admit({ ...input(pin, 'Alone 1'), tokenHash: shared }),
      batcher.admit({ ...input(pin, 'Alone 2'), tokenHash: shared }),
      batcher.admit(input(pin, 'Alone 3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await playersOf(id)).map((p) => [p.nickname, p.join_order])).toEqual([
      ['Alone 1', 1],
      ['Alone 3', 2],
    ]);
    expect(await playerCount(id)).toBe(2);
  });
});
