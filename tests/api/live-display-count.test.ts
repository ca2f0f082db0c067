/**
 * The display's live answer count on the real server: the game's display topic (`game:<id>:display`)
 * carries how many have answered the live question (`server.answerTotal`), to a display's socket and to
 * the operator, never the per-option counts and never to a phone, whose ticket is refused the topic. And
 * the whole reveal after an answer published with an explanation too long to travel in the event: the
 * display's and the phone's state carry it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../support/api';
import { TestSocket, type WsFrame } from '../support/ws';
import { expectPlaySchema, listeningLiveApp, play, textOptions, type bench } from './live-support';

async function socketWith(url: string, ticket: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${url}?ticket=${encodeURIComponent(ticket)}`);
  await socket.next((f) => f.type === 'ready');
  return socket;
}

async function subscribe(socket: TestSocket, topic: string): Promise<'subscribed' | 'refused'> {
  socket.send({ type: 'subscribe', topic });
  return (await socket.next((f) => (f.type === 'subscribed' || f.type === 'refused') && f.topic === topic)).type as 'subscribed' | 'refused';
}

const totals = (frames: WsFrame[]) => frames.filter((f) => f.type === 'server.answerTotal').map((f) => (f.data as { total: number }).total);

describe("the display's live answer count", () => {
  let app: FastifyInstance;
  let url: string;
  let token: string;
  let b: ReturnType<typeof bench>;
  beforeAll(async () => ({ app, url, token, b } = await listeningLiveApp()));
  afterAll(() => app.close());

  /** A display paired with the game by the control screen's code: its token. */
  async function displayToken(gameId: number): Promise<string> {
    const code = (await b.admin('/triviaGame/displayCode', { trivia_game_id: gameId })).body.data.code as string;
    return (await play(app, '/display/exchange', { code })).body.data.display_token as string;
  }
  const displayTicket = async (display: string) => (await play(app, '/display/ticket', {}, { token: display })).body.data.ticket as string;
  const playerTicket = async (player: string) => (await play(app, '/ticket', {}, { token: player })).body.data.ticket as string;

  it('tells the display how many answered as answers arrive, and never a phone', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Count in the hall', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 3600 });
    const players = [await b.joinPlayer(pin, 'Ann'), await b.joinPlayer(pin, 'Ben'), await b.joinPlayer(pin, 'Cat')];
    const display = await socketWith(url, await displayTicket(await displayToken(gameId)));
    const phone = await socketWith(url, await playerTicket(players[0]!.token));
    const operatorTicket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string;
    const operator = await socketWith(url, operatorTicket);
    const late: TestSocket[] = [];
    try {
      const topic = `game:${gameId}:display`;
      expect(await subscribe(display, `game:${gameId}:public`)).toBe('subscribed');
      expect(await subscribe(display, topic)).toBe('subscribed');
      expect(await subscribe(operator, topic)).toBe('subscribed');
      expect(await subscribe(phone, `game:${gameId}:public`)).toBe('subscribed');
      expect(await subscribe(phone, topic), "a player's ticket is refused the display topic").toBe('refused');
      // Another game's display topic is not this display's.
      const { id: otherGame } = await b.createGame({ title: 'Another hall', type: 1 });
      expect(await subscribe(display, `game:${otherGame}:display`)).toBe('refused');

      expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
      await display.next((f) => f.type === 'server.questionShown');
      for (const [i, player] of players.entries()) {
        expect((await b.answer(player.token, q1, [i === 0 ? 'A' : 'B'])).body.code).toBe(200);
        const told = await display.next((f) => f.type === 'server.answerTotal' && (f.data as { total: number }).total === i + 1);
        expect(told).toMatchObject({ topic, data: { question_id: q1, total: i + 1 } });
        expect(told.data, 'never the per-option counts').not.toHaveProperty('counts');
        expectPlaySchema('WsServerFrame', told);
      }
      expect(totals(display.frames)).toEqual([1, 2, 3]);
      await operator.next((f) => f.type === 'server.answerTotal' && (f.data as { total: number }).total === 3);

      // A display that (re)connects mid-question hears the total at once, as its topic's snapshot.
      const again = await socketWith(url, await displayTicket(await displayToken(gameId)));
      late.push(again);
      expect(await subscribe(again, topic)).toBe('subscribed');
      expect((await again.next((f) => f.type === 'server.answerTotal')).data).toEqual({ question_id: q1, total: 3 });

      // The phone heard the question and its answer, nothing of the count (players joining aside).
      await b.flow(gameId, q1, 3);
      await phone.next((f) => f.type === 'server.answerPublished');
      const heard = phone.frames.filter((f) => f.type.startsWith('server.') && f.type !== 'server.snapshot' && f.type !== 'server.playerJoined').map((f) => f.type);
      expect(heard).toEqual(['server.questionShown', 'server.answerPublished']);
      expect(phone.frames.filter((f) => f.topic === topic).map((f) => f.type), 'only the refusal').toEqual(['refused']);

      // Once published, no more totals; the next display to subscribe hears none.
      const after = await socketWith(url, await displayTicket(await displayToken(gameId)));
      late.push(after);
      expect(await subscribe(after, topic)).toBe('subscribed');
      expect(await subscribe(after, `game:${gameId}:public`)).toBe('subscribed');
      await after.next((f) => f.type === 'server.snapshot');
      expect(totals(after.frames)).toEqual([]);
    } finally {
      for (const socket of [display, phone, operator, ...late]) socket.close();
    }
  });

  it('gives the display and the phone the whole 5000-character explanation the event left out', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Long story', type: 1 });
    const explanation = `<p>${'玉山'.repeat(2496)}</p>`;
    expect(explanation).toHaveLength(4999);
    const created = await b.admin('/question/create', {
      trivia_game_id: gameId,
      title: 'Highest',
      question_text: 'Highest?',
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 3600,
      score: 10,
      question_type: 1,
      is_bonus: 0,
      options: textOptions('玉山', '雪山'),
      answer: ['A'],
      explanation,
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const q1 = created.body.data.id as number;
    const ann = await b.joinPlayer(pin, 'Ann');
    const display = await displayToken(gameId);
    const screen = await socketWith(url, await displayTicket(display));
    try {
      expect(await subscribe(screen, `game:${gameId}:public`)).toBe('subscribed');
      await b.flow(gameId, q1, 2);
      await b.answer(ann.token, q1, ['A']);
      await b.flow(gameId, q1, 3);
      const published = await screen.next((f) => f.type === 'server.answerPublished');
      // Too long for the event: left out of it (empty), which tells the screens to read their state.
      expect((published.data as { reveal: { explanation: string } }).reveal.explanation).toBe('');
      const state = await play(app, '/display/state', {}, { token: display });
      expect(state.body.data.question.reveal.explanation).toBe(explanation);
      expect((await b.state(ann.token)).question.reveal.explanation).toBe(explanation);
    } finally {
      screen.close();
    }
  });
});
