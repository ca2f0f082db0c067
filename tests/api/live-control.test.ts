/**
 * Co-hosting a live game (features/live/control/lease.ts): control screens present on a game through their
 * own topic, one of them holding control; the server refuses the steps of any other screen, hands
 * control over by request and accept (or not, on decline), and — when the holder's connection has
 * been lost for HANDOVER_AFTER_MS — to the screen asking for it, driven by the test clock, not by
 * sleeping. Every change is heard as `server.control` on the operator topic and is in the audit
 * trail. On PostgreSQL the same with the two screens on two instances of the server.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { HANDOVER_AFTER_MS, HEARTBEAT_EVERY_MS, INSTANCE_STALE_AFTER_MS, readControl, type ControlState } from '@/server/features/live/control/lease';
import { auditLog, serverInstances } from '@/server/db/schema';
import { createSecondInstance, createTestApp, usingPostgres } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin } from '../support/fixtures';
import { TestClock } from '../support/clock';
import { TestSocket } from '../support/ws';
import { bench, expectPlaySchema, wsUrlOf } from './live-support';

const CONTROL = ['triviaGame.list', 'triviaGame.control'];

/** A control screen: its socket listening to the operator topic and to its own screen topic. */
async function openScreen(app: FastifyInstance, token: string, gameId: number, screenId: string) {
  const ticket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string;
  const socket = await TestSocket.open(`${wsUrlOf(app)}?ticket=${ticket}`);
  await socket.next((f) => f.type === 'ready');
  for (const topic of [`game:${gameId}:operator`, `game:${gameId}:screen:${screenId}`]) {
    socket.send({ type: 'subscribe', topic });
    const answer = await socket.next((f) => (f.type === 'subscribed' || f.type === 'refused') && f.topic === topic);
    expect(answer.type, topic).toBe('subscribed');
  }
  return socket;
}

/** Waits until the stored control state of the game satisfies `done`. */
const untilControl = (app: FastifyInstance, gameId: number, done: (state: ControlState) => boolean) =>
  vi.waitFor(
    async () => {
      const state = await readControl(app.db, gameId);
      if (!done(state)) throw new Error(`control still ${JSON.stringify(state)}`);
      return state;
    },
    { timeout: 8_000, interval: 25 },
  );

const holderOf = (state: ControlState) => state.holder?.screen_id ?? null;

async function controlEntries(app: FastifyInstance, gameId: number): Promise<string[]> {
  await app.auditTrail.settled();
  const rows = await app.db.select().from(auditLog).where(eq(auditLog.operation, 'triviaGameControl')).orderBy(auditLog.id);
  return rows.filter((row) => row.targetId === String(gameId) && row.outcome === 'success').map((row) => `${row.username}: ${row.summary}`);
}

/** Waits until the game's last control entry is `entry` (the server writes its own entries after the commit). */
const untilEntry = (app: FastifyInstance, gameId: number, entry: string) =>
  vi.waitFor(
    async () => {
      expect((await controlEntries(app, gameId)).at(-1)).toBe(entry);
    },
    { timeout: 8_000, interval: 25 },
  );

function cohosting(two: boolean) {
  return () => {
    const clock = new TestClock();
    let a: FastifyInstance;
    let b: FastifyInstance;
    let boss: string;
    let anna: string;
    let ben: string;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      a = await createTestApp({ clock });
      b = two ? await createSecondInstance(a) : a;
      await a.listen({ port: 0, host: '127.0.0.1' });
      if (two) await b.listen({ port: 0, host: '127.0.0.1' });
      await createAdmin(a, { username: 'anna', name: 'Anna', password: 'Anna-pass-123', permissions: CONTROL });
      await createAdmin(a, { username: 'ben', name: 'Ben', password: 'Ben-pass-1234', permissions: CONTROL });
      await createAdmin(a, { username: 'vera', name: 'Vera', password: 'Vera-pass-123', permissions: ['triviaGame.list'] });
      boss = await login(a);
      anna = await login(a, 'anna', 'Anna-pass-123');
      ben = await login(b, 'ben', 'Ben-pass-1234');
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      if (two) await b.close();
      await a.close();
    });
    const screen = async (app: FastifyInstance, token: string, gameId: number, id: string) => {
      const socket = await openScreen(app, token, gameId, id);
      sockets.push(socket);
      return socket;
    };

    it('the first screen takes control, the next ones watch; only the holder steps, others are refused in their language', async () => {
      const onA = bench(a, () => anna);
      const onB = bench(b, () => ben);
      const { id: gameId } = await bench(a, () => boss).createGame({ title: 'Two hosts', type: 1 });
      const q1 = await bench(a, () => boss).addQuestion(gameId, { answering_time: 20 });
      const annaScreen = await screen(a, anna, gameId, 'anna-screen-1');
      const state = await untilControl(a, gameId, (s) => holderOf(s) === 'anna-screen-1');
      expect(state.screens.map((s) => s.admin_name)).toEqual(['Anna']);
      const benScreen = await screen(b, ben, gameId, 'ben-screen-1');
      // Both screens hear who is there and who holds control.
      for (const socket of [annaScreen, benScreen]) {
        const frame = await socket.next((f) => f.type === 'server.control' && f.topic === `game:${gameId}:operator` && f.data.screens.length === 2);
        expectPlaySchema('EventControl', frame.data);
        expect(frame.data.holder).toMatchObject({ screen_id: 'anna-screen-1', admin_name: 'Anna', connected: true });
        expect(frame.data.screens.map((s: { admin_name: string }) => s.admin_name)).toEqual(['Anna', 'Ben']);
      }

      const refusedEn = await onB.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'ben-screen-1' }, { lang: 'en' });
      expect(refusedEn.body.code).toBe(201);
      expect(refusedEn.body.message).toBe("Anna's control screen holds control of this game; request control first");
      const withScreen = await onB.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'ben-screen-1' }, { lang: 'zh-TW' });
      expect(withScreen.body).toMatchObject({ code: 201, message: '此遊戲目前由 Anna 的控制畫面掌控，請先要求控制權' });
      // Anna's screen id sent by Ben is not Anna's screen.
      const borrowed = await onB.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'anna-screen-1' });
      expect(borrowed.body.code).toBe(201);
      const shown = await onA.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'anna-screen-1' });
      expect(shown.body).toMatchObject({ code: 200, data: { applied: true } });

      // Ben may not answer for Anna, nor take a screen id that is Anna's.
      expect((await onB.admin('/triviaGame/control', { trivia_game_id: gameId, screen_id: 'ben-screen-1', action: 'accept' })).body.code).toBe(201);
      expect((await onB.admin('/triviaGame/control', { trivia_game_id: gameId, screen_id: 'anna-screen-1', action: 'request' })).body.code).toBe(201);
      const bad = await onB.admin('/triviaGame/control', { trivia_game_id: gameId, screen_id: 'ben\nscreen', action: 'request' });
      expect(bad.status).toBe(422);
    });

    it('hands control over when the holder accepts a request, keeps it when the holder declines', async () => {
      const onA = bench(a, () => anna);
      const onB = bench(b, () => ben);
      const { id: gameId } = await bench(a, () => boss).createGame({ title: 'Handover', type: 1 });
      const q1 = await bench(a, () => boss).addQuestion(gameId, { answering_time: 20 });
      await screen(a, anna, gameId, 'anna-screen-2');
      await untilControl(a, gameId, (s) => holderOf(s) === 'anna-screen-2');
      const benScreen = await screen(b, ben, gameId, 'ben-screen-2');
      await untilControl(a, gameId, (s) => s.screens.length === 2);
      const control = (api: typeof onA, screenId: string, action: string) => api.admin('/triviaGame/control', { trivia_game_id: gameId, screen_id: screenId, action });

      const asked = await control(onB, 'ben-screen-2', 'request');
      expect(asked.body).toMatchObject({ code: 200, message: 'Control requested; waiting for an answer', data: { holder: { screen_id: 'anna-screen-2' }, request: { screen_id: 'ben-screen-2' } } });
      const declined = await control(onA, 'anna-screen-2', 'decline');
      expect(declined.body.data).toMatchObject({ holder: { screen_id: 'anna-screen-2' }, request: null });
      await control(onB, 'ben-screen-2', 'request');
      const accepted = await control(onA, 'anna-screen-2', 'accept');
      expect(accepted.body.data).toMatchObject({ holder: { screen_id: 'ben-screen-2', admin_name: 'Ben' }, request: null });
      await benScreen.next((f) => f.type === 'server.control' && f.data.holder?.screen_id === 'ben-screen-2');

      // Now the steps are Ben's screen's, and Anna's are refused.
      expect((await onA.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'anna-screen-2' })).body.code).toBe(201);
      expect((await onB.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'ben-screen-2' })).body.code).toBe(200);
      // Ben gives it back: nobody asks, so nobody holds it until Anna asks (granted at once).
      expect((await control(onB, 'ben-screen-2', 'release')).body.data.holder).toBeNull();
      expect((await control(onA, 'anna-screen-2', 'request')).body).toMatchObject({ message: 'You hold control', data: { holder: { screen_id: 'anna-screen-2' } } });

      expect(await controlEntries(a, gameId)).toEqual([
        "anna: take: Anna's screen opened, nobody held control",
        'ben: request: from Anna',
        "anna: decline: Ben's request",
        'ben: request: from Anna',
        'anna: accept: to Ben',
        'ben: release: nobody holds control',
        'anna: take: nobody held control',
      ]);
    });

    it('grants a request once the holder’s screen has been gone for the handover time, not before; a reconnect in time keeps control', async () => {
      const onA = bench(a, () => anna);
      const onB = bench(b, () => ben);
      const { id: gameId } = await bench(a, () => boss).createGame({ title: 'Closed tab', type: 1 });
      const q1 = await bench(a, () => boss).addQuestion(gameId, { answering_time: 20 });
      // Ben holds control (first present), Anna watches.
      const benScreen = await screen(b, ben, gameId, 'ben-screen-3');
      await untilControl(a, gameId, (s) => holderOf(s) === 'ben-screen-3');
      const annaScreen = await screen(a, anna, gameId, 'anna-screen-3');
      await untilControl(a, gameId, (s) => s.screens.length === 2);

      // A blip: Ben's screen is gone and back within the time; it still holds control.
      benScreen.close();
      await untilControl(a, gameId, (s) => s.holder?.connected === false);
      await clock.advance(HANDOVER_AFTER_MS - 1);
      await screen(b, ben, gameId, 'ben-screen-3');
      await untilControl(a, gameId, (s) => s.holder?.connected === true);
      await clock.advance(10);
      expect(holderOf(await readControl(a.db, gameId))).toBe('ben-screen-3');

      // Ben's tab closes for good; Anna asks; granted exactly when the time is up.
      sockets.at(-1)!.close();
      await untilControl(a, gameId, (s) => s.holder?.connected === false);
      const asked = await onA.admin('/triviaGame/control', { trivia_game_id: gameId, screen_id: 'anna-screen-3', action: 'request' });
      expect(asked.body.data.request.screen_id).toBe('anna-screen-3');
      await clock.advance(HANDOVER_AFTER_MS - 1);
      expect(holderOf(await readControl(a.db, gameId))).toBe('ben-screen-3');
      await clock.advance(1);
      const after = await untilControl(a, gameId, (s) => holderOf(s) === 'anna-screen-3');
      expect(after.screens.map((s) => s.admin_name), 'the gone screen is forgotten').toEqual(['Anna']);
      await annaScreen.next((f) => f.type === 'server.control' && f.data.holder?.screen_id === 'anna-screen-3');
      expect((await onA.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'anna-screen-3' })).body.code).toBe(200);
      await untilEntry(a, gameId, 'anna: grant by timeout: from Ben (screen gone 5 s) to Anna');
      // Ben reopens the game: he watches.
      await screen(b, ben, gameId, 'ben-screen-4');
      const reopened = await untilControl(a, gameId, (s) => s.screens.length === 2);
      expect(holderOf(reopened)).toBe('anna-screen-3');
      expect((await onB.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 3, screen_id: 'ben-screen-4' })).body.code).toBe(201);

      // Anna's tab closes with nobody asking: control passes to the screen still there once the time is up.
      annaScreen.close();
      await untilControl(a, gameId, (s) => s.holder?.connected === false);
      await clock.advance(HANDOVER_AFTER_MS);
      const passed = await untilControl(a, gameId, (s) => holderOf(s) === 'ben-screen-4');
      expect(passed.screens.map((s) => s.admin_name)).toEqual(['Ben']);
      await untilEntry(a, gameId, 'ben: grant by timeout: from Anna (screen gone 5 s) to Ben, present longest');
    });

    it('a step sent by no screen is refused while a present screen holds control, and taken once none is present', async () => {
      const { id: gameId } = await bench(a, () => boss).createGame({ title: 'Scripted', type: 1 });
      const q1 = await bench(a, () => boss).addQuestion(gameId, { answering_time: 20 });
      const annaScreen = await screen(b, anna, gameId, 'anna-screen-5');
      await untilControl(a, gameId, (s) => holderOf(s) === 'anna-screen-5');
      const step = { trivia_game_id: gameId, question_id: q1, type: 2 };
      const refusedEn = await bench(a, () => boss).admin('/triviaGame/gameFlow', step, { lang: 'en' });
      expect(refusedEn.body).toMatchObject({ code: 201, message: "Anna's control screen holds control of this game; request control first" });
      const refusedZh = await bench(a, () => boss).admin('/triviaGame/gameFlow', step, { lang: 'zh-TW' });
      expect(refusedZh.body).toMatchObject({ code: 201, message: '此遊戲目前由 Anna 的控制畫面掌控，請先要求控制權' });
      // Not even Anna's own script, beside her screen.
      expect((await bench(a, () => anna).admin('/triviaGame/gameFlow', step)).body.code).toBe(201);
      expect((await readControl(a.db, gameId)).holder).toMatchObject({ screen_id: 'anna-screen-5', connected: true });
      expect((await bench(a, () => boss).flow(gameId, q1, 2)).body.code, 'nothing was shown').toBe(201);

      // Her screen's connection is lost: no screen is present, so a script may run the game (the lease is still hers).
      annaScreen.close();
      await untilControl(a, gameId, (s) => s.holder?.connected === false);
      expect((await bench(a, () => boss).admin('/triviaGame/gameFlow', step)).body).toMatchObject({ code: 200, data: { applied: true } });
      expect(holderOf(await readControl(a.db, gameId))).toBe('anna-screen-5');
    });

    it('a watcher without triviaGame.control is present but never takes control; with no screen holding control a step sent by no screen is taken', async () => {
      const { id: gameId } = await bench(a, () => boss).createGame({ title: 'Viewer', type: 1 });
      const vera = await login(a, 'vera', 'Vera-pass-123');
      await screen(a, vera, gameId, 'vera-screen-1');
      const state = await untilControl(a, gameId, (s) => s.screens.length === 1);
      expect(state.holder).toBeNull();
      const q1 = await bench(a, () => boss).addQuestion(gameId, { answering_time: 20 });
      // A screen that does not hold control is refused even when nobody holds it.
      const asScreen = await bench(a, () => boss).admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'boss-screen-1' });
      expect(asScreen.body).toMatchObject({ code: 201, message: 'This control screen does not hold control' });
      // A step sent by no screen (a script, the API directly) is taken.
      expect((await bench(a, () => boss).flow(gameId, q1, 2)).body.code).toBe(200);
    });
  };
}

describe('co-hosting a live game on one instance', cohosting(false));
describe.runIf(usingPostgres)('co-hosting a live game across two instances (PostgreSQL)', cohosting(true));

describe.runIf(usingPostgres)('an instance that dies with the holder’s screen (PostgreSQL)', () => {
  const clock = new TestClock();
  let a: FastifyInstance;
  let b: FastifyInstance;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    a = await createTestApp({ clock });
    b = await createSecondInstance(a);
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await a.close();
  });

  it('its screens stay marked connected until its heartbeat is old; then a watcher on another instance gets control by timeout', async () => {
    await createAdmin(a, { username: 'anna', name: 'Anna', password: 'Anna-pass-123', permissions: CONTROL });
    await createAdmin(a, { username: 'ben', name: 'Ben', password: 'Ben-pass-1234', permissions: CONTROL });
    const anna = await login(a, 'anna', 'Anna-pass-123');
    const ben = await login(b, 'ben', 'Ben-pass-1234');
    const boss = await login(a);
    const { id: gameId } = await bench(a, () => boss).createGame({ title: 'Crash', type: 1 });
    const q1 = await bench(a, () => boss).addQuestion(gameId, { answering_time: 20 });
    sockets.push(await openScreen(b, ben, gameId, 'ben-screen-9'));
    await untilControl(a, gameId, (s) => holderOf(s) === 'ben-screen-9');
    const annaScreen = await openScreen(a, anna, gameId, 'anna-screen-9');
    sockets.push(annaScreen);
    await untilControl(a, gameId, (s) => s.screens.length === 2);
    const asked = await bench(a, () => anna).admin('/triviaGame/control', { trivia_game_id: gameId, screen_id: 'anna-screen-9', action: 'request' });
    expect(asked.body.data).toMatchObject({ holder: { screen_id: 'ben-screen-9', connected: true }, request: { screen_id: 'anna-screen-9' } });

    // Both instances beat once; then b's process dies: nothing it could write about its screens is written.
    await clock.advance(HEARTBEAT_EVERY_MS);
    await Promise.all([a.live.control.beatSettled(), b.live.control.beatSettled()]);
    const [lastBeat] = await a.db.select().from(serverInstances).where(eq(serverInstances.id, b.live.control.instanceId));
    expect(lastBeat!.heartbeatAt.getTime()).toBe(clock.now());
    await b.close();
    const afterCrash = await readControl(a.db, gameId);
    expect(afterCrash.holder, 'what a crash leaves behind').toMatchObject({ screen_id: 'ben-screen-9', connected: true });

    // a's heartbeat and sweep, second by second on the test clock, until control has passed.
    const deadAt = lastBeat!.heartbeatAt.getTime();
    let lostAt: number | null = null;
    let grantedAt: number | null = null;
    for (let second = 0; second < 20 && grantedAt === null; second += 1) {
      await clock.advance(HEARTBEAT_EVERY_MS);
      await a.live.control.beatSettled();
      const state = await vi.waitFor(async () => {
        const now = await readControl(a.db, gameId);
        // The timer of the handover, once due, has run (it is not the beat's).
        if (now.holder?.connected === false && clock.now() >= deadAt + HANDOVER_AFTER_MS) throw new Error('handover due');
        return now;
      });
      if (lostAt === null && state.holder?.screen_id === 'ben-screen-9' && !state.holder.connected) lostAt = clock.now();
      if (holderOf(state) === 'anna-screen-9') grantedAt = clock.now();
    }
    // Seen gone once its heartbeat was INSTANCE_STALE_AFTER_MS old (within a beat), granted HANDOVER_AFTER_MS after its last beat.
    expect(lostAt! - deadAt).toBeGreaterThanOrEqual(INSTANCE_STALE_AFTER_MS);
    expect(lostAt! - deadAt).toBeLessThanOrEqual(INSTANCE_STALE_AFTER_MS + HEARTBEAT_EVERY_MS);
    expect(grantedAt).toBe(deadAt + HANDOVER_AFTER_MS);
    await annaScreen.next((f) => f.type === 'server.control' && f.data.holder?.screen_id === 'ben-screen-9' && f.data.holder.connected === false);
    await annaScreen.next((f) => f.type === 'server.control' && f.data.holder?.screen_id === 'anna-screen-9');
    expect((await readControl(a.db, gameId)).screens.map((s) => s.admin_name)).toEqual(['Anna']);
    await untilEntry(a, gameId, 'anna: grant by timeout: from Ben (screen gone 5 s) to Anna');
    expect((await bench(a, () => anna).admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'anna-screen-9' })).body.code).toBe(200);
    // The dead instance's row is gone; the living one's is there.
    const instances = await a.db.select().from(serverInstances);
    expect(instances.map((i) => i.id)).toEqual([a.live.control.instanceId]);
  });
});
