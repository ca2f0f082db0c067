/**
 * The stage message (admin API /triviaGame/stageMessage, live/flow/stage-message.ts): a title card
 * the operator puts on the display and the phones. Heard as `server.stageMessage` on the public and
 * operator topics, kept in /state, /display/state and the operator's snapshot; taken off by the next
 * question shown and by a reset; only from the screen holding control; refused on an ended game and
 * with control characters. And a question's speaker notes, which never reach a phone or a display:
 * not in a play response, not in an event of the question played.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readControl } from '@/server/features/live/control/lease';
import { operatorSnapshot } from '@/server/features/live/flow/state';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { call, login } from '../support/api';
import { TestSocket } from '../support/ws';
import type { bench } from './live-support';
import { expectPlaySchema, listeningLiveApp, play, wsUrlOf } from './live-support';

let app: FastifyInstance;
let b: ReturnType<typeof bench>;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  ({ app, b } = await listeningLiveApp());
  app.bus.subscribe((event) => events.push(event));
});
afterAll(() => app.close());

const BREAK = { title: '休息 10 分鐘', text: '下一輪：台灣地理' };
const stage = (trivia_game_id: number, stage_message: unknown, options: { lang?: 'en' | 'zh-TW'; screen_id?: string; token?: string } = {}) => {
  const body = { trivia_game_id, stage_message, ...(options.screen_id ? { screen_id: options.screen_id } : {}) };
  return options.token ? call(app, '/triviaGame/stageMessage', body, { token: options.token, lang: options.lang ?? 'en' }) : b.admin('/triviaGame/stageMessage', body, { lang: options.lang ?? 'en' });
};
const detail = async (id: number) => (await b.admin('/triviaGame/detail', { id })).body.data.item;

/** A game with two questions, a player and a display. */
async function stagedGame(title: string) {
  const game = await b.createGame({ title, type: 1 });
  const q1 = await b.addQuestion(game.id, {}, 'Q1');
  const q2 = await b.addQuestion(game.id, {}, 'Q2');
  const player = await b.joinPlayer(game.pin, 'Ann');
  const code = (await b.admin('/triviaGame/displayCode', { trivia_game_id: game.id })).body.data.code;
  const display = (await play(app, '/display/exchange', { code })).body.data.display_token as string;
  const displayState = async () => (await play(app, '/display/state', {}, { token: display })).body.data;
  return { ...game, q1, q2, player, displayState };
}

/** Waits until the bus delivered every event so far (a marker published after them arrives last). */
async function flushEvents(): Promise<void> {
  const marker = `test.marker.${Math.random()}`;
  await new Promise<void>((resolve) => {
    const stop = app.bus.subscribe((event) => {
      if (event.type !== marker) return;
      stop();
      resolve();
    });
    void app.bus.publish({ topic: 'test', type: marker, data: null });
  });
  events.splice(events.findIndex((e) => e.type === marker), 1);
}

describe('the stage message', () => {
  it('goes up on the display and the phones, heard on both topics, and the next question takes it off', async () => {
    const game = await stagedGame('Break');
    events.length = 0;
    const res = await stage(game.id, BREAK);
    expect(res.body).toEqual({ code: 200, message: 'The stage message is up', data: { trivia_game_id: game.id, stage_message: BREAK } });
    await flushEvents();
    const heard = events.filter((e) => e.type === 'server.stageMessage');
    expect(heard.map((e) => e.topic).sort()).toEqual([`game:${game.id}:operator`, `game:${game.id}:public`]);
    for (const event of heard) {
      expectPlaySchema('EventStageMessage', event.data);
      expect(event.data).toEqual({ trivia_game_id: game.id, stage_message: BREAK });
    }
    expect((await b.state(game.player.token)).stage_message).toEqual(BREAK);
    expect((await game.displayState()).stage_message).toEqual(BREAK);
    expect((await detail(game.id)).stage_message).toEqual(BREAK);
    const snapshot = await operatorSnapshot(app.db, game.id, new Date());
    expectPlaySchema('EventOperatorSnapshot', snapshot);
    expect(snapshot).toMatchObject({ stage_message: BREAK, autopilot: { trivia_game_id: game.id, state: 'off' } });

    // Replaced, then taken off by the question shown.
    const next = { title: '第二輪', text: '' };
    expect((await stage(game.id, next, { lang: 'zh-TW' })).body).toMatchObject({ code: 200, message: '舞台訊息已顯示', data: { stage_message: next } });
    expect((await b.flow(game.id, game.q1, 2)).body.code).toBe(200);
    expect((await b.state(game.player.token)).stage_message).toBeNull();
    expect((await game.displayState()).stage_message).toBeNull();
    expect((await detail(game.id)).stage_message).toBeNull();

    // Up between questions, and off on request.
    expect((await b.flow(game.id, game.q1, 3)).body.code).toBe(200);
    expect((await stage(game.id, BREAK)).body.code).toBe(200);
    expect((await game.displayState()).stage_message).toEqual(BREAK);
    events.length = 0;
    expect((await stage(game.id, null)).body).toEqual({ code: 200, message: 'The stage message is off', data: { trivia_game_id: game.id, stage_message: null } });
    await flushEvents();
    expect(events.filter((e) => e.type === 'server.stageMessage').map((e) => e.data)).toEqual([
      { trivia_game_id: game.id, stage_message: null },
      { trivia_game_id: game.id, stage_message: null },
    ]);
    expect((await b.state(game.player.token)).stage_message).toBeNull();
  });

  it('is refused on an ended game, in both languages, and a reset takes it off', async () => {
    const game = await stagedGame('Ended');
    expect((await stage(game.id, BREAK)).body.code).toBe(200);
    expect((await b.flow(game.id, null, 5)).body.code).toBe(200);
    expect((await stage(game.id, { title: 'Thanks', text: '' })).body).toEqual({ code: 201, message: 'The game has ended: no stage message can be shown', data: null });
    expect((await stage(game.id, null, { lang: 'zh-TW' })).body).toEqual({ code: 201, message: '遊戲已結束，無法顯示舞台訊息', data: null });
    expect((await detail(game.id)).stage_message).toEqual(BREAK);
    expect((await b.admin('/triviaGame/reset', { id: game.id })).body.code).toBe(200);
    expect((await detail(game.id)).stage_message).toBeNull();
  });

  it('refuses control characters, a title of spaces and a title too long, changing nothing', async () => {
    const game = await stagedGame('Bad cards');
    for (const card of [
      { title: 'Bell\u0007', text: '' },
      { title: 'Two\nlines', text: '' },
      { title: 'Title', text: 'tab\there' },
      { title: 'x'.repeat(81), text: '' },
    ]) {
      const res = await stage(game.id, card);
      expect(res.status, JSON.stringify(card)).toBe(422);
    }
    const blank = await stage(game.id, { title: '   ', text: '' }, { lang: 'zh-TW' });
    expect(blank.status).toBe(422);
    expect(blank.body.data.errors).toEqual({ 'stage_message.title': ['請輸入標題'] });
    expect((await detail(game.id)).stage_message).toBeNull();
  });

  it('is taken only from the screen holding control', async () => {
    const game = await stagedGame('Held');
    const token = await login(app);
    const ticket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string;
    const socket = await TestSocket.open(`${wsUrlOf(app)}?ticket=${ticket}`);
    await socket.next((f) => f.type === 'ready');
    for (const topic of [`game:${game.id}:operator`, `game:${game.id}:screen:holder-screen-1`]) {
      socket.send({ type: 'subscribe', topic });
      expect((await socket.next((f) => (f.type === 'subscribed' || f.type === 'refused') && f.topic === topic)).type).toBe('subscribed');
    }
    await vi.waitFor(async () => expect((await readControl(app.db, game.id)).holder?.screen_id).toBe('holder-screen-1'), { timeout: 5_000, interval: 20 });

    // Another screen, and a call naming no screen, are refused while the holder is connected.
    expect((await stage(game.id, BREAK, { screen_id: 'other-screen-1', token })).body).toMatchObject({ code: 201, data: null });
    expect((await stage(game.id, BREAK)).body).toMatchObject({ code: 201, data: null });
    expect((await detail(game.id)).stage_message).toBeNull();

    const held = await stage(game.id, BREAK, { screen_id: 'holder-screen-1', token });
    expect(held.body.code).toBe(200);
    // The holder's screen hears it on the operator topic.
    expect((await socket.next((f) => f.type === 'server.stageMessage')).data).toEqual({ trivia_game_id: game.id, stage_message: BREAK });
    socket.close();
  });
});

describe("a question's speaker notes", () => {
  it('never reach a phone or a display: not in a play response, not in an event of the question played', async () => {
    const NOTE = 'NOTE-7f3a: tell the story of Yushan';
    const game = await stagedGame('Notes');
    expect((await b.admin('/question/update', { id: game.q1, trivia_game_id: game.id, notes: NOTE })).body.code).toBe(200);
    expect((await b.admin('/question/detail', { id: game.q1 })).body.data.item.notes).toBe(NOTE);

    events.length = 0;
    const seen: unknown[] = [];
    seen.push((await b.flow(game.id, game.q1, 2)).body);
    seen.push(await b.state(game.player.token), await game.displayState());
    seen.push((await b.answer(game.player.token, game.q1, ['A'])).body);
    seen.push((await b.flow(game.id, game.q1, 3)).body, await b.state(game.player.token), await game.displayState());
    seen.push((await b.flow(game.id, game.q1, 4)).body, await b.state(game.player.token), await game.displayState());
    seen.push(await operatorSnapshot(app.db, game.id, new Date()));
    seen.push((await b.flow(game.id, null, 5)).body, await b.state(game.player.token), await game.displayState());
    await flushEvents();
    const ofGame = events.filter((e) => e.topic.startsWith(`game:${game.id}:`));
    expect(ofGame.map((e) => e.type)).toEqual(expect.arrayContaining(['server.questionShown', 'server.answerPublished', 'server.rankingPublished']));
    for (const payload of [...seen, ...ofGame]) expect(JSON.stringify(payload)).not.toContain('NOTE-7f3a');
  });
});
