/**
 * Ending a game has one path (publication.finishGame): whether the control screen ends it (game-flow
 * step 5) or an operator closes it through /triviaGame/update (status 0), a player's phone and the
 * display hear the answer of the question left on screen, the final ranking, then the end — and the
 * phone's state says finished with its place in that ranking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { TestSocket, type WsFrame } from '../support/ws';
import { bench, play } from './live-support';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/api/ws`;
}

/** A socket opened with a ticket of `/ticket` (a player) or `/display/ticket` (a display), subscribed to its game's public topic. */
async function audienceSocket(app: FastifyInstance, url: string, ticketPath: string, token: string): Promise<TestSocket> {
  const { ticket, topic } = (await play(app, ticketPath, {}, { token })).body.data as { ticket: string; topic: string };
  const socket = await TestSocket.open(`${url}?ticket=${ticket}`);
  await socket.next((f) => f.type === 'ready');
  socket.send({ type: 'subscribe', topic });
  await socket.next((f) => f.type === 'server.snapshot');
  return socket;
}

/** The game's events a client heard, in order (not the snapshot nor the coalesced player count). */
const heard = (frames: WsFrame[]) => frames.filter((f) => f.type.startsWith('server.') && f.type !== 'server.snapshot' && f.type !== 'server.playerJoined');

describe('ending a game', () => {
  let app: FastifyInstance;
  let url: string;
  let b: ReturnType<typeof bench>;
  beforeAll(async () => {
    app = await createTestApp();
    url = await listen(app);
    const token = await login(app);
    b = bench(app, () => token);
  });
  afterAll(() => app.close());

  const ends = {
    'by the control screen (step 5)': async (gameId: number) => expect((await b.flow(gameId, null, 5)).body.code).toBe(200),
    'by /triviaGame/update setting status 0': async (gameId: number, title: string) =>
      expect((await b.admin('/triviaGame/update', { id: gameId, title, type: 1, status: 0 })).body.code).toBe(200),
  };

  for (const [how, end] of Object.entries(ends)) {
    it(`${how}: the phone and the display get the final ranking, then the end`, async () => {
      const title = `Ended ${how}`;
      const { id: gameId, pin } = await b.createGame({ title, type: 1 });
      const q1 = await b.addQuestion(gameId, { answering_time: 30, answer: ['A'] });
      const ann = await b.joinPlayer(pin, 'Ann');
      const displayCode = (await b.admin('/triviaGame/displayCode', { trivia_game_id: gameId })).body.data.code as string;
      const displayToken = (await play(app, '/display/exchange', { code: displayCode })).body.data.display_token as string;
      const phone = await audienceSocket(app, url, '/ticket', ann.token);
      const display = await audienceSocket(app, url, '/display/ticket', displayToken);
      try {
        await b.flow(gameId, q1, 2);
        expect((await b.answer(ann.token, q1, ['A'])).body.code).toBe(200);
        // The question is still on screen, no ranking published: the operator ends the game.
        await end(gameId, title);

        for (const socket of [phone, display]) {
          await socket.next((f) => f.type === 'server.gameEnded');
          const events = heard(socket.frames);
          expect(events.map((f) => f.type)).toEqual(['server.questionShown', 'server.answerPublished', 'server.rankingPublished', 'server.gameEnded']);
          expect(events[2]!.data).toMatchObject({ question_id: q1, total: 1, list: [{ rank: 1, nickname: 'Ann' }] });
        }
        const state = await b.state(ann.token);
        expect(state).toMatchObject({ finished: true, question: { status: 3, answer: ['A'] }, rank: { position: 1, total: 1 } });
        expect(state.player.score).toBeGreaterThan(0);
      } finally {
        phone.close();
        display.close();
      }
    });
  }
});
