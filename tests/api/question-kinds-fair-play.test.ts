/**
 * Fair play's "identical answers" over the question kinds (docs/game-rules.md, "Fair play"), as the
 * operator meets it on /triviaGame/fairPlay: two players who type the same answer (one in Traditional,
 * the other in Simplified Chinese), pick the same value and the same order, 20 ms apart each time, are
 * flagged; two players who vote alike in every poll are not (everyone may vote alike).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench, play, textOptions } from './live-support';

let app: FastifyInstance;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  const token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());

describe('identical answers of each kind', () => {
  it('flags typed answers, values and orders alike, never polls', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Kinds, fair play', type: 1 });
    const base = { trivia_game_id: gameId, title: 'Q', question_text: 'Q?', answering_time: 10, options: textOptions('a', 'b', 'c'), answer: [] };
    const create = async (extra: Record<string, unknown>) => (await b.admin('/question/create', { ...base, ...extra })).body.data.id as number;
    const typed = await create({ question_type: 5, accepted_answers: ['玉山'] });
    const slider = await create({ question_type: 6, slider: { min: 0, max: 10, step: 1, answer: 5, tolerance: 0, unit: '' } });
    const ordering = await create({ question_type: 7, answer: ['C', 'B', 'A'] });
    const polls = [await create({ question_type: 4 }), await create({ question_type: 4 }), await create({ question_type: 4 })];
    const [cat, dan, eve, fay] = await Promise.all(['Cat', 'Dan', 'Eve', 'Fay'].map((name) => b.joinPlayer(pin, name)));

    const answers: Array<[number, Array<[{ token: string }, Record<string, unknown>]>]> = [
      [typed, [[cat!, { text: '臺灣' }], [dan!, { text: '台湾' }]]],
      [slider, [[cat!, { value: 3 }], [dan!, { value: 3 }]]],
      [ordering, [[cat!, { choices: ['A', 'C', 'B'] }], [dan!, { choices: ['A', 'C', 'B'] }]]],
      ...polls.map((poll): [number, Array<[{ token: string }, Record<string, unknown>]>] => [poll, [[eve!, { choices: ['B'] }], [fay!, { choices: ['B'] }]]]),
    ];
    const t0 = Date.UTC(2026, 11, 4, 12);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const [i, [questionId, pair]] of answers.entries()) {
        const shown = t0 + i * 60_000;
        vi.setSystemTime(shown);
        await b.flow(gameId, questionId, 2);
        for (const [k, [player, answer]] of pair.entries()) {
          vi.setSystemTime(shown + 3_000 + i * 400 + k * 20);
          expect((await play(app, '/answer', { question_id: questionId, ...answer }, { token: player.token })).body.code).toBe(200);
        }
        vi.setSystemTime(shown + 11_000);
        await b.flow(gameId, questionId, 3);
      }
    } finally {
      vi.useRealTimers();
    }

    const list = (await b.admin('/triviaGame/fairPlay', { trivia_game_id: gameId })).body.data.list as Array<{ nickname: string; flags: Array<{ kind: string; others: number[] }> }>;
    const identical = (name: string) => list.find((p) => p.nickname === name)?.flags.find((f) => f.kind === 'identicalAnswers');
    expect(identical('Cat')).toMatchObject({ others: [dan!.id] });
    expect(identical('Dan')).toMatchObject({ others: [cat!.id] });
    expect(identical('Eve')).toBeUndefined();
    expect(identical('Fay')).toBeUndefined();
  });
});
