/**
 * POST /triviaGame/preflight (issue 21, docs/preflight.md): every kind of problem, by severity, each
 * naming its question; images in our own store looked up in the store; an address on a loopback or
 * private host reported as not loading and never requested; messages in the request's language;
 * another company's game 404, without triviaGame.control 403.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { questions, displaySessions } from '@/server/db/schema';
import { storeImage } from '@/server/features/file/images';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';
import { bench } from './live-support';

type Problem = { code: string; severity: string; question_id: number | null; level: number | null; field: string | null; url: string | null; message: string };

let app: FastifyInstance;
let admin: string;
let b: ReturnType<typeof bench>;
/** A local HTTP server standing for an inner service: the check must never reach it. */
let inner: http.Server;
let innerHits = 0;
let innerUrl: string;

const preflight = async (gameId: number, extra: Record<string, unknown> = {}, lang: 'en' | 'zh-TW' = 'en') => {
  const res = await call(app, '/triviaGame/preflight', { trivia_game_id: gameId, ...extra }, { token: admin, lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { problems: Problem[]; blocking: number; warnings: number };
};
const codes = (problems: Problem[]) => problems.map((p) => [p.code, p.severity, p.question_id, p.field ?? p.level]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app);
  b = bench(app, () => admin);
  inner = http.createServer((_req, res) => {
    innerHits += 1;
    res.end('inner');
  });
  await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
  innerUrl = `http://127.0.0.1:${(inner.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => inner.close(resolve));
  await app.close();
});

describe('a speed game', () => {
  let gameId: number;
  let good: number;
  let missingImage: number;
  let innerImage: number;
  let deadVideo: number;
  let untimed: number;
  let noAnswer: number;

  beforeAll(async () => {
    ({ id: gameId } = await b.createGame({ title: 'Preflight speed', type: 1 }));
    const stored = await storeImage(app.fileStore, 1, PNG, { ext: 'png', mime: 'image/png' });
    good = await b.addQuestion(gameId, {}, 'Good');
    await app.db.update(questions).set({ questionImg: stored }).where(eq(questions.id, good));
    missingImage = await b.addQuestion(gameId, {}, 'Missing image');
    await app.db.update(questions).set({ questionImg: '/files/images/1/2026-01/0123456789abcdef0123456789abcdef.png' }).where(eq(questions.id, missingImage));
    innerImage = await b.addQuestion(gameId, {}, 'Inner image');
    await app.db
      .update(questions)
      .set({ options: [{ title: 'A', text: 'a', img: stored }, { title: 'B', text: 'b', img: `${innerUrl}/secret.png` }] })
      .where(eq(questions.id, innerImage));
    deadVideo = await b.addQuestion(gameId, {}, 'Dead video');
    await app.db.update(questions).set({ preVideoUrl: 'https://video.preflight.invalid/clip.mp4' }).where(eq(questions.id, deadVideo));
    untimed = await b.addQuestion(gameId, {}, 'Untimed');
    await app.db.update(questions).set({ haveAnsweringTime: 0 }).where(eq(questions.id, untimed));
    noAnswer = await b.addQuestion(gameId, {}, 'No answer');
    await app.db.update(questions).set({ answer: [] }).where(eq(questions.id, noAnswer));
  });

  it('lists each problem with its question and field, blocking first, and never requests an inner address', async () => {
    const data = await preflight(gameId, { expected_audience: 20_000 });
    expect(codes(data.problems)).toEqual([
      ['player_cap_below_audience', 'blocking', null, null],
      ['image_unreachable', 'blocking', missingImage, 'question_img'],
      ['image_unreachable', 'blocking', innerImage, 'options.1.img'],
      ['no_time_limit', 'blocking', untimed, 'answering_time'],
      ['question_invalid', 'blocking', noAnswer, 'answer'],
      ['no_display', 'warning', null, null],
      ['video_unreachable', 'warning', deadVideo, 'pre_video_url'],
    ]);
    expect(data.blocking).toBe(5);
    expect(data.warnings).toBe(2);
    // The stored image of question "Good" loads (found in the store); the loopback one was refused unasked.
    expect(data.problems.some((p) => p.question_id === good)).toBe(false);
    expect(innerHits).toBe(0);
    const inner = data.problems.find((p) => p.question_id === innerImage)!;
    expect(inner.url).toBe(`${innerUrl}/secret.png`);
    expect(inner.message).toBe(`Question 3 "Inner image": the image of option B does not load (${innerUrl}/secret.png)`);
    expect(data.problems.find((p) => p.code === 'question_invalid')!.message).toBe('Question 6 "No answer" breaks a question rule: Please choose at least one answer');
  });

  it('refuses every inner address form without requesting it', async () => {
    const port = (inner.address() as AddressInfo).port;
    for (const url of [`http://localhost:${port}/a`, `http://[::1]:${port}/a`, `http://[::ffff:127.0.0.1]:${port}/a`, `http://2130706433:${port}/a`, `http://0x7f.1:${port}/a`, 'http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/a', 'file:///etc/passwd', `http://user:pw@127.0.0.1:${port}/`]) {
      await app.db.update(questions).set({ preVideoUrl: url }).where(eq(questions.id, deadVideo));
      const data = await preflight(gameId);
      expect(data.problems.find((p) => p.question_id === deadVideo)?.code, url).toBe('video_unreachable');
    }
    expect(innerHits).toBe(0);
    await app.db.update(questions).set({ preVideoUrl: 'https://video.preflight.invalid/clip.mp4' }).where(eq(questions.id, deadVideo));
  });

  it('drops the display warning once a display is open, and the cap problem when the audience fits', async () => {
    const now = new Date(app.clock.now());
    await app.db.insert(displaySessions).values({
      secretHash: `preflight-${now.getTime()}`,
      companyId: 1,
      triviaGameId: gameId,
      pairedAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const data = await preflight(gameId, { expected_audience: 10_000 });
    expect(data.problems.map((p) => p.code)).not.toContain('no_display');
    expect(data.problems.map((p) => p.code)).not.toContain('player_cap_below_audience');
  });

  it('speaks the request language', async () => {
    const data = await preflight(gameId, { expected_audience: 20_000 }, 'zh-TW');
    expect(data.problems[0]!.message).toBe('人數上限 10000 人低於預計觀眾 20000 人：超過上限的手機無法加入');
    expect(data.problems.find((p) => p.code === 'no_time_limit')!.message).toBe('第 5 題「Untimed」沒有答題時間限制（搶答遊戲依時間計分）');
  });
});

describe('a level game', () => {
  it('reports its open time over, a level without questions, a promotion score out of reach', async () => {
    const { id } = await b.createGame({ title: 'Preflight levels', type: 2, start_time: '2020-01-01T00:00:00.000Z', end_time: '2020-01-02T00:00:00.000Z' });
    const saved = await call(
      app,
      '/triviaGame/updateLevel',
      { trivia_game_id: id, trivia_game_level: [{ level: 1, promotion_score: 50 }, { level: 2, promotion_score: 0 }, { level: 3, promotion_score: null }] },
      { token: admin },
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const levels = (await call(app, '/triviaGame/allLevel', { trivia_game_id: id }, { token: admin })).body.data.list as Array<{ id: number; level: number }>;
    const levelId = (n: number) => levels.find((l) => l.level === n)!.id;
    await b.addQuestion(id, { level_id: levelId(1), score: 10, have_answering_time: 0 }, 'L1');
    await b.addQuestion(id, { level_id: levelId(3), score: 10, have_answering_time: 0 }, 'L3');
    const data = await preflight(id);
    expect(codes(data.problems)).toEqual([
      ['open_time_over', 'blocking', null, null],
      ['promotion_unreachable', 'blocking', null, 1],
      ['level_empty', 'blocking', null, 2],
      ['no_display', 'warning', null, null],
    ]);
    expect(data.problems[1]!.message).toBe('The promotion score of level 1 (50) cannot be reached: its questions score 10 in all');
  });

  it('reports a game without questions', async () => {
    const { id } = await b.createGame({ title: 'Preflight empty', type: 1 });
    expect((await preflight(id)).problems.map((p) => p.code)).toEqual(['no_questions', 'no_display']);
  });
});

describe('access', () => {
  it("answers 404 for another company's game or an unknown one, and 403 without triviaGame.control", async () => {
    const acme = await createCompany(app, 'Preflight Acme');
    const { id: ownGame } = await b.createGame({ title: 'Not Acme', type: 1 });
    const acmeGame = (await call(app, '/triviaGame/create', { title: 'Acme game', type: 1 }, { token: admin, cid: String(acme) })).body.data.id as number;
    await createRole(app, 'preflight-acme', ['triviaGame.list', 'triviaGame.control']);
    await createAdmin(app, { username: 'preflight-operator', password: 'Acme-pass-1', roles: ['preflight-acme'], companyIds: [acme] });
    const operator = await login(app, 'preflight-operator', 'Acme-pass-1');
    const ask = (token: string, gameId: number, body: Record<string, unknown> = {}) => call(app, '/triviaGame/preflight', { trivia_game_id: gameId, ...body }, { token, cid: String(acme) });
    expect((await ask(operator, acmeGame)).status).toBe(200);
    expect((await ask(operator, ownGame)).status).toBe(404);
    expect((await ask(operator, 999_999)).status).toBe(404);
    expect((await ask(operator, acmeGame, { expected_audience: 0 })).status).toBe(422);
    await createAdmin(app, { username: 'preflight-viewer', password: 'Viewer-pass-1', roles: ['viewer'], companyIds: [acme] });
    expect((await ask(await login(app, 'preflight-viewer', 'Viewer-pass-1'), acmeGame)).status).toBe(403);
  });
});
