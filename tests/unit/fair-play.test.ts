/**
 * Fair-play rules (src/domain/fair-play.ts, docs/game-rules.md "Fair play"): each flag at its threshold
 * and not below it, the winners with the ranking rule that separated each from the next, and the
 * per-question statistics.
 */
import { describe, expect, it } from 'vitest';
import {
  decidedBy,
  fairPlayFlags,
  FAST_ANSWER_MS,
  identicalPairs,
  median,
  questionStats,
  SHARED_ADDRESS_MIN,
  winners,
  type FairPlayAnswer,
  type FairPlayPlayer,
} from '@/domain/fair-play';
import { rankPlayers } from '@/domain/ranking';

const player = (playerId: number, deviceId: string | null = null, address: string | null = null): FairPlayPlayer => ({ playerId, deviceId, address });
const answer = (playerId: number, questionId: number, choices: string[], elapsedMs: number): FairPlayAnswer => ({ playerId, questionId, questionType: 2, choices, text: null, value: null, elapsedMs });
const kinds = (flags: ReturnType<typeof fairPlayFlags>, id: number) => (flags.get(id) ?? []).map((f) => f.kind).sort();

describe('fair-play flags', () => {
  it('flags an answer under 300 ms from the question, not one at 300 ms', () => {
    const flags = fairPlayFlags([player(1), player(2)], [answer(1, 10, ['A'], FAST_ANSWER_MS - 1), answer(1, 11, ['B'], 120), answer(2, 10, ['A'], FAST_ANSWER_MS)]);
    expect(flags.get(1)).toEqual([{ kind: 'fastAnswer', count: 2, fastestMs: 120, others: [] }]);
    expect(flags.has(2)).toBe(false);
  });

  it('flags several players of one device, each naming the others; no device id groups nothing', () => {
    const flags = fairPlayFlags([player(1, 'dev-aaaa'), player(2, 'dev-aaaa'), player(3, 'dev-bbbb'), player(4), player(5)], []);
    expect(flags.get(1)).toEqual([{ kind: 'sharedDevice', count: 2, fastestMs: null, others: [2] }]);
    expect(flags.get(2)?.[0]?.others).toEqual([1]);
    expect(flags.has(3) || flags.has(4) || flags.has(5)).toBe(false);
  });

  it('flags many players from one address only from the threshold on', () => {
    const few = Array.from({ length: SHARED_ADDRESS_MIN - 1 }, (_, i) => player(i + 1, null, '203.0.113.7'));
    expect(fairPlayFlags(few, []).size).toBe(0);
    const many = [...few, player(99, null, '203.0.113.7')];
    const flags = fairPlayFlags(many, []);
    expect(kinds(flags, 99)).toEqual(['sharedAddress']);
    expect(flags.get(1)?.[0]?.count).toBe(SHARED_ADDRESS_MIN);
  });

  it('flags identical choices and timings across players, not the same choices at human-spread times', () => {
    const script = (id: number, offset: number) => [answer(id, 1, ['A'], 900 + offset), answer(id, 2, ['C', 'B'], 1500 + offset), answer(id, 3, ['D'], 700 + offset)];
    const answers = [...script(1, 0), ...script(2, 30), ...script(3, 400), ...script(4, 10).slice(0, 2)];
    expect(identicalPairs(answers)).toEqual([[1, 2]]);
    const flags = fairPlayFlags([player(1), player(2), player(3), player(4)], answers);
    expect(kinds(flags, 1)).toEqual(['identicalAnswers']);
    expect(flags.get(2)?.[0]?.others).toEqual([1]);
    expect(flags.has(3)).toBe(false);
    // Player 4 answered only two questions: too few to call it a script.
    expect(flags.has(4)).toBe(false);
    // One different choice breaks the sequence.
    const changed = [...script(1, 0), answer(2, 1, ['A'], 900), answer(2, 2, ['B', 'C'], 1500), answer(2, 3, ['A'], 700)];
    expect(identicalPairs(changed)).toEqual([]);
  });

  it('ignores answers of players it was not given (another game)', () => {
    expect(fairPlayFlags([player(1)], [answer(2, 1, ['A'], 5)]).size).toBe(0);
  });
});

describe('winners and tie-breaking', () => {
  const players = [
    { playerId: 1, nickname: 'Ann', joinOrder: 1 },
    { playerId: 2, nickname: 'Bo', joinOrder: 2 },
    { playerId: 3, nickname: 'Cy', joinOrder: 3 },
    { playerId: 4, nickname: 'Di', joinOrder: 4 },
  ];
  const scored = (playerId: number, points: number, elapsedMs: number, level: number | null = null) => ({ playerId, level, correct: true, points, elapsedMs });

  it('speed contest: points, then time, then who joined first, and says which rule decided', () => {
    const ranking = rankPlayers(1, players, [scored(1, 900, 2000), scored(2, 900, 2000), scored(3, 900, 1500), scored(4, 950, 4000)]);
    const top = winners(1, ranking, 3);
    expect(top.map((w) => [w.nickname, w.rank, w.decidedBy])).toEqual([
      ['Di', 1, 'score'],
      ['Cy', 2, 'time'],
      ['Ann', 3, 'joinOrder'],
    ]);
    expect(winners(1, ranking, 10).at(-1)?.decidedBy).toBeNull();
  });

  it('level game: the level reached comes before the score', () => {
    expect(decidedBy(2, { level: 3, score: 10, elapsedMs: 9000 }, { level: 2, score: 50, elapsedMs: 1000 })).toBe('level');
    expect(decidedBy(1, { level: 0, score: 50, elapsedMs: 9000 }, { level: 0, score: 10, elapsedMs: 1000 })).toBe('score');
  });

  it('a player left out of the ranking (disqualified) moves everyone behind up', () => {
    const ranking = rankPlayers(1, players.filter((p) => p.playerId !== 4), [scored(1, 900, 2000), scored(4, 950, 4000)]);
    expect(winners(1, ranking, 1)[0]?.nickname).toBe('Ann');
  });
});

describe('question statistics', () => {
  const question = (optionTitles: string[]) => ({ gameType: 1, optionTitles, answer: [], acceptedAnswers: [], ignorePunctuation: 0, slider: null, haveAnsweringTime: 1, answeringSeconds: 10, isBonus: 0, score: 0 }) as const;
  const given = (choices: string[], correct: boolean, elapsedMs: number) => ({ choices, text: null, value: null, correct, elapsedMs });
  it('percent correct, distribution per option, median time', () => {
    const stats = questionStats({
      questionType: 2,
      question: question(['A', 'B', 'C']),
      answers: [given(['A'], true, 1000), given(['B'], false, 3000), given(['A', 'B'], false, 2000)],
    });
    expect(stats).toEqual({
      answered: 3,
      correct: 1,
      percentCorrect: 33.3,
      distribution: [
        { title: 'A', count: 2 },
        { title: 'B', count: 2 },
        { title: 'C', count: 0 },
      ],
      typed: [],
      histogram: [],
      medianMs: 2000,
    });
    expect(questionStats({ questionType: 1, question: question(['A']), answers: [] })).toMatchObject({ percentCorrect: null, medianMs: null });
    expect(median([4, 1, 3, 2])).toBe(3);
  });

  it('a poll has votes but no percentage correct', () => {
    const stats = questionStats({ questionType: 4, question: question(['A', 'B']), answers: [given(['B'], false, 900), given(['B'], false, 1100)] });
    expect(stats).toMatchObject({ answered: 2, percentCorrect: null, distribution: [{ title: 'A', count: 0 }, { title: 'B', count: 2 }] });
  });
});

describe('identical answers per kind', () => {
  it('never flags players for voting alike in a poll', () => {
    const vote = (playerId: number, questionId: number): FairPlayAnswer => ({ playerId, questionId, questionType: 4, choices: ['A'], text: null, value: null, elapsedMs: 1000 });
    const flags = fairPlayFlags([player(1), player(2)], [1, 2, 3, 4].flatMap((q) => [vote(1, q), vote(2, q)]));
    expect(flags.size).toBe(0);
  });
  it('flags the same typed answers, whatever their case, at the same times', () => {
    const typed = (playerId: number, questionId: number, text: string): FairPlayAnswer => ({ playerId, questionId, questionType: 5, choices: [], text, value: null, elapsedMs: 2000 + questionId });
    const flags = fairPlayFlags([player(1), player(2)], [1, 2, 3].flatMap((q) => [typed(1, q, `Answer ${q}`), typed(2, q, `answer ${q}`)]));
    expect(kinds(flags, 1)).toEqual(['identicalAnswers']);
  });
});
