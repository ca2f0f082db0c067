/**
 * The read cache of the hot lists and details (src/server/features/read-cache, issue 22): what a
 * client reads after a change is the change, whichever instance it asks, whoever made the change
 * (the API, a live game's answers and joins, SQL typed by hand); one company's or admin's cached
 * answer never answers another; the language is part of the answer; a permission taken away is
 * refused on the next call even where the answer is cached. On PostgreSQL (DATABASE_URL) two apps
 * share one database: the change goes through A, the read to B, whose cache was filled just before.
 * The embedded PGlite admits one process only: there both are the one app.
 */
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSecondInstance, createTestApp, usingPostgres } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';

const setting = usingPostgres ? 'two instances on one PostgreSQL database' : 'one instance (the embedded PGlite admits one process)';

let a: FastifyInstance;
let b: FastifyInstance;
let root: string;

beforeAll(async () => {
  a = await createTestApp();
  // B: a second app on A's database (PostgreSQL), as a second process behind a load balancer would be.
  b = usingPostgres ? await createSecondInstance(a) : a;
  root = await login(a);
});

afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});

type Game = { id: number; title: string; question_count: number; player_count: number; answer_count: number; status: number };

const ok = (res: { body: { code: number } }) => expect(res.body.code, JSON.stringify(res.body)).toBe(200);
const games = async (app: FastifyInstance, options: { token?: string; cid?: string; lang?: 'en' | 'zh-TW' } = {}) => {
  const res = await call(app, '/triviaGame/list', { page: 1, limit: 100 }, { token: root, ...options });
  ok(res);
  return res.body.data as { list: Game[]; total: number };
};
const createGame = async (app: FastifyInstance, title: string, cid?: string) => {
  const res = await call(app, '/triviaGame/create', { title, type: 1 }, { token: root, ...(cid ? { cid } : {}) });
  ok(res);
  return res.body.data.id as number;
};
const question = (gameId: number, title: string) => ({
  trivia_game_id: gameId,
  title,
  question_text: `${title}?`,
  question_img: '',
  pre_video_url: '',
  have_answering_time: 1,
  answering_time: 20,
  score: 0,
  question_type: 1,
  is_bonus: 0,
  options: ['A', 'B'].map((letter) => ({ title: letter, text: letter, img: '' })),
  answer: ['A'],
});
/** The same list read twice on `app`: the second answer is the cached one. */
const warm = async (app: FastifyInstance, read: () => Promise<unknown>) => {
  await read();
  const hits = app.readCache!.snapshot().hits;
  const again = await read();
  expect(app.readCache!.snapshot().hits, 'the second read is answered from memory').toBe(hits + 1);
  return again;
};

describe(`the read cache (${setting})`, () => {
  it('a game created, renamed and deleted through A shows in the next list read from B', async () => {
    await warm(b, () => games(b));
    const id = await createGame(a, 'Cached quiz one');
    expect((await games(b)).list.map((g) => g.title)).toContain('Cached quiz one');

    await warm(b, () => games(b));
    ok(await call(a, '/triviaGame/update', { id, title: 'Cached quiz renamed', type: 1 }, { token: root }));
    const renamed = await games(b);
    expect(renamed.list.find((g) => g.id === id)?.title).toBe('Cached quiz renamed');

    await warm(b, () => games(b));
    ok(await call(a, '/triviaGame/delete', { id }, { token: root }));
    const after = await games(b);
    expect(after.list.map((g) => g.id)).not.toContain(id);
    expect(after.total).toBe(renamed.total - 1);
  });

  it("a question added through A shows in B's question list and in the game list's question count", async () => {
    const id = await createGame(a, 'Cached questions');
    const list = async () => (await call(b, '/question/list', { trivia_game_id: id, page: 1, limit: 100 }, { token: root })).body.data as { list: Array<{ title: string }>; total: number };
    await warm(b, list);
    await warm(b, () => games(b));
    ok(await call(a, '/question/create', question(id, 'First cached question'), { token: root }));
    expect((await list()).list.map((q) => q.title)).toEqual(['First cached question']);
    expect((await games(b)).list.find((g) => g.id === id)?.question_count).toBe(1);
  });

  it('a direct SQL change (no API, no instance told) reaches the cached list', async () => {
    const id = await createGame(a, 'Renamed by hand');
    await warm(b, () => games(b));
    await a.db.execute(sql`update trivia_games set title = 'Renamed in SQL' where id = ${id}`);
    // The database announces the change at commit; each instance hears it from its listening connection.
    await vi.waitFor(async () => expect((await games(b)).list.find((g) => g.id === id)?.title).toBe('Renamed in SQL'));
  });

  it("the live counters: players joining and answers stored show in the game list's player and answer counts", async () => {
    const id = await createGame(a, 'Live counters');
    ok(await call(a, '/question/create', question(id, 'Counted'), { token: root }));
    const questionId = ((await call(a, '/question/list', { trivia_game_id: id, page: 1, limit: 1 }, { token: root })).body.data.list as Array<{ id: number }>)[0]!.id;
    await warm(b, () => games(b));
    // As a join does: the game's own counter raised in the statement that admits the player.
    await a.db.execute(sql`update trivia_games set player_count = player_count + 1 where id = ${id}`);
    const inserted = (await a.db.execute(sql`insert into players (trivia_game_id, nickname, token_hash, join_order) values (${id}, 'Counter', 'hash-of-counter', 1) returning id`)) as unknown as { rows: Array<{ id: number }> };
    const player = inserted.rows[0];
    // As the answer batcher does: a batch of answers in one statement.
    await a.db.execute(sql`insert into answers (player_id, question_id, trivia_game_id, choices, elapsed_ms, received_at) values (${player!.id}, ${questionId}, ${id}, '["A"]', 1200, now())`);
    await vi.waitFor(async () => {
      const game = (await games(b)).list.find((g) => g.id === id)!;
      expect({ players: game.player_count, answers: game.answer_count }).toEqual({ players: 1, answers: 1 });
    });
  });

  it("one company's cached list never answers another company's", async () => {
    const second = await createCompany(a, 'Cache second venue');
    await createGame(a, 'Only in the second venue', String(second));
    const first = await warm(b, () => games(b, { cid: '1' }));
    const other = await games(b, { cid: String(second) });
    expect(other.list.map((g) => g.title)).toEqual(['Only in the second venue']);
    expect((first as { list: Game[] }).list.map((g) => g.title)).not.toContain('Only in the second venue');
  });

  it('the language is part of the answer: the same list in English and in Chinese', async () => {
    const en = await warm(b, () => call(b, '/triviaGame/list', { page: 1, limit: 5 }, { token: root, lang: 'en' }));
    const zh = await call(b, '/triviaGame/list', { page: 1, limit: 5 }, { token: root, lang: 'zh-TW' });
    expect((en as { body: { message: string } }).body.message).toBe('OK');
    expect(zh.body.message).toBe('成功');
    expect(zh.body.data).toEqual((en as { body: { data: unknown } }).body.data);
  });

  it("each admin's notifications are their own, cached or not; reading one shows at once", async () => {
    await createAdmin(a, { username: 'cache.reader', password: 'Cache-reader-pass-1', roles: ['viewer'] });
    const reader = await login(b, 'cache.reader', 'Cache-reader-pass-1');
    const notes = async (token: string) => (await call(b, '/notification/list', { page: 1, limit: 20 }, { token })).body.data as { list: Array<{ id: number; plain_text: string; read_at: string | null }>; total: number };
    const before = await warm(b, () => notes(root));
    const recipients = (await call(a, '/notification/admins', {}, { token: root })).body.data.admins as Array<{ id: number; username?: string }>;
    ok(await call(a, '/notification/send', { admins: recipients.map((r) => r.id), message: '<p>Cached hello</p>' }, { token: root }));
    const mine = await notes(root);
    expect(mine.total).toBe((before as { total: number }).total + 1);
    const theirs = await warm(b, () => notes(reader));
    expect((theirs as { list: Array<{ plain_text: string }> }).list.map((n) => n.plain_text)).toEqual(['Cached hello']);
    const id = (theirs as { list: Array<{ id: number }> }).list[0]!.id;
    ok(await call(a, '/notification/read', { id: [id] }, { token: reader }));
    expect((await notes(reader)).list[0]!.read_at).not.toBeNull();
    expect((await call(b, '/info', {}, { token: reader })).body.data.unread_notification_count).toBe(0);
  });

  it('a permission taken away is refused on the very next call, though the list is cached', async () => {
    await createRole(a, 'cache.crew', ['triviaGame.index', 'triviaGame.list']);
    await createAdmin(a, { username: 'cache.crew', password: 'Cache-crew-pass-1', roles: ['cache.crew'] });
    const token = await login(b, 'cache.crew', 'Cache-crew-pass-1');
    await warm(b, () => games(b, { token }));
    const roles = (await call(a, '/role/list', { page: 1, limit: 100 }, { token: root })).body.data.list as Array<{ id: number; identifier: string; permissions: string[] }>;
    const crew = roles.find((role) => role.identifier === 'cache.crew')!;
    ok(await call(a, '/role/update', { id: crew.id, title: 'cache.crew', permissions: ['triviaGame.index'] }, { token: root }));
    const refused = await call(b, '/triviaGame/list', { page: 1, limit: 100 }, { token });
    expect(refused.status).toBe(403);
  });
});

// On PGlite the bus is in process and cannot lose a connection: nothing to test there.
describe.skipIf(!usingPostgres)('an instance whose bus connection drops (PostgreSQL only)', () => {
  it('answers lists from the database until it listens again, so a change it could not hear shows at once', async () => {
    const id = await createGame(a, 'Unheard change');
    await warm(b, () => games(b));
    const heard = (type: string) =>
      new Promise<void>((resolve) => {
        const stop = b.bus.subscribe((event) => {
          if (event.type !== type) return;
          stop();
          resolve();
        });
      });
    const down = heard('bus.down');
    const up = heard('bus.up');
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`lt-bus:${b.bus.instanceId}`}`);
    await down;
    // B cannot hear this one: its listening connection is gone.
    await a.db.execute(sql`update trivia_games set title = 'Changed while B was deaf' where id = ${id}`);
    expect((await games(b)).list.find((g) => g.id === id)?.title).toBe('Changed while B was deaf');
    await up;
    expect((await games(b)).list.find((g) => g.id === id)?.title).toBe('Changed while B was deaf');
  });
});

describe('a cached answer, compressed', () => {
  const decode = (res: { headers: Record<string, unknown>; rawPayload: Buffer }): string => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
    expect(encoding ?? 'identity').toBe('identity');
    return res.rawPayload.toString('utf8');
  };
  const list = (acceptEncoding: string | null) =>
    a.inject({
      method: 'POST',
      url: '/api/admin/triviaGame/list',
      payload: JSON.stringify({ page: 1, limit: 100 }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${root}`, ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }) },
    });

  it('goes out in the encoding the client accepts, the same JSON as uncompressed, and is never a stale copy', async () => {
    for (let i = 1; i <= 8; i++) await createGame(a, `Compressed list game ${i} with a title long enough to pass the threshold`);
    const plain = decode(await list(null));
    expect(plain.length, 'over the 1 KB below which nothing is compressed').toBeGreaterThan(1024);
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [null, undefined],
    ] as const) {
      // The first read may be a miss (compressed on the way out); the next ones are hits from memory.
      for (let read = 0; read < 3; read++) {
        const hits = a.readCache!.snapshot().hits;
        const res = await list(accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], `${accept} read ${read}`).toBe(expected);
        if (expected) expect(String(res.headers.vary), String(accept)).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(decode(res), `${accept} read ${read}`).toBe(plain);
        if (read > 0) expect(a.readCache!.snapshot().hits, 'answered from memory').toBe(hits + 1);
      }
    }
    // A change: the compressed copy of the old list is not what the next reader gets.
    await createGame(a, 'Added after the compressed copy was kept');
    const after = JSON.parse(decode(await list('br'))) as { data: { list: Game[] } };
    expect(after.data.list.some((game) => game.title === 'Added after the compressed copy was kept')).toBe(true);
    const again = await list('br');
    expect(again.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(again))).toEqual(after);
  });
});
