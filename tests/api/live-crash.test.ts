/**
 * A live game survives the server process being killed: the real server on the embedded database
 * shows a question, players' answers are acknowledged, the process is SIGKILLed mid-question and
 * started again on the same data folder — the question is still on screen with the right time left,
 * every acknowledged answer is there, and publishing then scores them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, pgliteFromTemplate, startServerProcess, type ServerProcess } from '../support/server-process';

const PASSWORD = 'Crash-test-password-1';

function client(port: number) {
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: any };
    if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
    return json.data;
  };
  return { admin: (p: string, body: unknown, token?: string) => post(`/api/admin${p}`, body, token), play: (p: string, body: unknown, token?: string) => post(`/api/play${p}`, body, token) };
}

describe('a live game across a crash of the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-crash-'));
  const servers: ServerProcess[] = [];
  afterAll(() => {
    for (const { child } of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the question live with the right time left and every acknowledged answer', async () => {
    await pgliteFromTemplate(dataDir);
    const port = await freePort();
    const start = async () => {
      const server = await startServerProcess({ dataDir, databaseUrl: null, port, adminPassword: PASSWORD });
      servers.push(server);
      return server;
    };
    const first = await start();
    const api = client(port);

    const token = (await api.admin('/login', { username: 'admin', password: PASSWORD })).token_info.token as string;
    const gameId = (await api.admin('/triviaGame/create', { title: 'Crash test', type: 1 }, token)).id as number;
    const pin = (await api.admin('/triviaGame/detail', { id: gameId }, token)).item.pin as string;
    const questionId = (
      await api.admin(
        '/question/create',
        {
          trivia_game_id: gameId,
          title: 'Survives',
          question_text: 'Does it survive?',
          answering_time: 600,
          question_type: 1,
          options: [
            { title: 'A', text: 'Yes', img: '' },
            { title: 'B', text: 'No', img: '' },
          ],
          answer: ['A'],
        },
        token,
      )
    ).id as number;

    const playerTokens: string[] = [];
    for (let i = 1; i <= 8; i++) playerTokens.push((await api.play('/join', { pin, nickname: `P${i}` })).player_token);
    const shown = (await api.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 2 }, token)).question;
    const acknowledged = await Promise.all(playerTokens.map((t, i) => api.play('/answer', { question_id: questionId, choices: [i % 3 === 0 ? 'B' : 'A'] }, t)));

    // Killed right after the last acknowledgement: no graceful shutdown, no flush.
    first.child.kill('SIGKILL');
    await first.exited;

    const again = await start();

    for (const [i, playerToken] of playerTokens.entries()) {
      const state = await api.play('/state', {}, playerToken);
      expect(state.question).toMatchObject({ status: 1, shown_at: shown.shown_at, deadline: shown.deadline, answer: null });
      const left = Date.parse(state.question.deadline) - Date.parse(state.server_time);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(600_000);
      expect(Math.abs(left - (Date.parse(shown.deadline) - Date.now())), 'the time left follows the stored deadline').toBeLessThan(5_000);
      expect(state.my_answer, `player ${i + 1}'s acknowledged answer`).toEqual(acknowledged[i].answer);
    }

    // The game goes on: publishing scores every answer that was acknowledged before the crash.
    const token2 = (await api.admin('/login', { username: 'admin', password: PASSWORD })).token_info.token as string;
    await api.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 3 }, token2);
    const rank = await api.admin('/triviaGame/getRank', { trivia_game_id: gameId, limit: 100 }, token2);
    expect(rank.total).toBe(8);
    expect(rank.list.filter((r: { score: number }) => r.score > 0)).toHaveLength(5); // P2, P3, P5, P6, P8 chose A

    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});
