/**
 * Scoring and ranking of the live game (docs/game-rules.md), against tables computed by hand:
 * speed points (500..1000, doubled on a bonus), correctness of single and multiple choice, the
 * answering window with its grace, levels and promotion, and the ranking order of both game types.
 */
import { describe, expect, it } from 'vitest';
import { rankPlayers, type RankingAnswer, type RankingPlayer } from '@/domain/ranking';
import { sameSet } from '@/domain/question-kinds/choice';
import {
  answerDeadline,
  checkAnswer,
  inAnsweringWindow,
  inOpenTime,
  levelReached,
  mayAnswerLevel,
  normalizeAnswer,
  scoreAnswer,
  speedPoints,
  type LevelRule,
  type ScoringQuestion,
} from '@/domain/scoring';

describe('speed points: round(1000 × (1 − elapsed / (2 × limit))), elapsed capped at the limit', () => {
  it.each([
    // elapsed ms, limit ms, bonus, points (worked out by hand)
    [0, 10_000, false, 1000], // at once: full points
    [2_500, 10_000, false, 875], // 1 − 2500/20000 = 0.875
    [5_000, 10_000, false, 750], // half the limit
    [7_500, 10_000, false, 625],
    [10_000, 10_000, false, 500], // at the deadline: half
    [10_400, 10_000, false, 500], // inside the grace: capped at the limit
    [60_000, 10_000, false, 500],
    [1_234, 10_000, false, 938], // 938.3 → 938
    [3_333, 15_000, false, 889], // 888.9 → 889
    [1, 1_000, false, 1000], // 999.5 → 1000 (half rounds up)
    [3, 1_000, false, 999], // 998.5 → 999
    [10, 1_000, false, 995],
    [-40, 10_000, false, 1000], // a receipt stamped before the show (clock step): treated as 0
    [0, 10_000, true, 2000], // bonus doubles
    [5_000, 10_000, true, 1500],
    [10_000, 10_000, true, 1000],
  ])('%i ms of %i ms (bonus %s) → %i', (elapsed, limit, bonus, points) => {
    expect(speedPoints(elapsed, limit, bonus)).toBe(points);
  });

  it('stays between 500 and 1000 (1000 and 2000 on a bonus) for every elapsed time', () => {
    for (let elapsed = 0; elapsed <= 12_000; elapsed += 7) {
      const points = speedPoints(elapsed, 10_000, false);
      expect(points).toBeGreaterThanOrEqual(500);
      expect(points).toBeLessThanOrEqual(1000);
      expect(speedPoints(elapsed, 10_000, true)).toBe(points * 2);
    }
  });
});

describe('correct answers', () => {
  it.each([
    [['A'], ['A'], true],
    [['B'], ['A'], false],
    [['A', 'C'], ['A', 'C'], true],
    [['C', 'A'], ['A', 'C'], true], // order does not matter
    [['A'], ['A', 'C'], false], // multiple choice: a subset is wrong
    [['A', 'B', 'C'], ['A', 'C'], false], // a superset is wrong
    [[], ['A'], false],
    [['A'], [], false],
  ])('%j against %j → %s', (choices, answer, correct) => {
    expect(sameSet(choices, answer)).toBe(correct);
  });

  const kindParts = { optionTitles: ['A', 'B', 'C', 'D'], acceptedAnswers: [], ignorePunctuation: 0, slider: null } as const;
  const speed: ScoringQuestion = { ...kindParts, gameType: 1, questionType: 1, answer: ['B'], haveAnsweringTime: 1, answeringSeconds: 20, isBonus: 0, score: 0 };
  const level: ScoringQuestion = { ...kindParts, gameType: 2, questionType: 2, answer: ['A', 'D'], haveAnsweringTime: 0, answeringSeconds: 1, isBonus: 0, score: 30 };

  it.each([
    ['speed, correct after 4 s of 20 s', speed, ['B'], 4_000, { correct: true, points: 900 }], // 1 − 4/40 = 0.9
    ['speed, wrong', speed, ['A'], 1_000, { correct: false, points: 0 }],
    ['speed bonus, correct after 10 s of 20 s', { ...speed, isBonus: 1 as const }, ['B'], 10_000, { correct: true, points: 1500 }],
    ['level game, correct: the question score whatever the time', level, ['D', 'A'], 99_000, { correct: true, points: 30 }],
    ['level game, half right is wrong', level, ['A'], 1_000, { correct: false, points: 0 }],
    ['level game question with score 0', { ...level, score: 0 }, ['A', 'D'], 1_000, { correct: true, points: 0 }],
  ])('%s', (_case, question, choices, elapsedMs, expected) => {
    expect(scoreAnswer(question, { choices, text: null, value: null, elapsedMs })).toEqual(expected);
  });
});

describe('choices a player may send', () => {
  const rest = { gameType: 1, answer: [], acceptedAnswers: [], ignorePunctuation: 0, slider: null, haveAnsweringTime: 1, answeringSeconds: 10, isBonus: 0, score: 0 } as const;
  const single: ScoringQuestion = { ...rest, questionType: 1, optionTitles: ['A', 'B', 'C'] };
  const multiple: ScoringQuestion = { ...rest, questionType: 2, optionTitles: ['A', 'B', 'C', 'D'] };
  it.each([
    [single, ['A'], null],
    [single, [], 'empty'],
    [single, ['A', 'B'], 'singleChoice'],
    [single, ['D'], 'unknownOption'], // only three options
    [single, ['a'], 'unknownOption'],
    [multiple, ['A', 'A'], 'repeated'],
    [multiple, ['D', 'B'], null],
    [multiple, ['A', 'B', 'C', 'D'], null],
  ])('%j with %j → %s', (question, choices, problem) => {
    expect(checkAnswer(question, { choices })).toBe(problem);
  });

  it('stores choices in option order', () => {
    expect(normalizeAnswer(multiple, { choices: ['D', 'B'] }).choices).toEqual(['B', 'D']);
  });
});

describe('the answering window', () => {
  const shownAt = Date.parse('2026-11-22T04:00:00.000Z');
  it('closes at shown_at + answering seconds; the grace adds 500 ms', () => {
    const deadline = answerDeadline({ gameType: 1, haveAnsweringTime: 0, answeringSeconds: 15 }, shownAt);
    expect(deadline).toBe(shownAt + 15_000); // a speed contest is always timed
    expect(inAnsweringWindow(deadline, shownAt + 15_000)).toBe(true);
    expect(inAnsweringWindow(deadline, shownAt + 15_500)).toBe(true);
    expect(inAnsweringWindow(deadline, shownAt + 15_501)).toBe(false);
  });

  it('has no deadline for an untimed level-game question', () => {
    expect(answerDeadline({ gameType: 2, haveAnsweringTime: 0, answeringSeconds: 15 }, shownAt)).toBeNull();
    expect(answerDeadline({ gameType: 2, haveAnsweringTime: 1, answeringSeconds: 15 }, shownAt)).toBe(shownAt + 15_000);
    expect(inAnsweringWindow(null, shownAt + 86_400_000)).toBe(true);
  });

  it("is inside a level game's open time range only", () => {
    const range = { startMs: 1_000, endMs: 2_000 };
    expect([999, 1_000, 2_000, 2_001].map((t) => inOpenTime(range, t))).toEqual([false, true, true, false]);
    expect(inOpenTime({ startMs: null, endMs: null }, 0)).toBe(true);
  });
});

describe('levels and promotion', () => {
  const levels: LevelRule[] = [
    { level: 1, promotionScore: 20 },
    { level: 2, promotionScore: 30 },
    { level: 3, promotionScore: null },
  ];
  const scores = (entries: Array<[number, number]>) => new Map(entries);

  it.each([
    [[], 1],
    [[[1, 19]], 1],
    [[[1, 20]], 2], // reached exactly: promoted
    [[[1, 20], [2, 29]], 2],
    [[[1, 20], [2, 30]], 3],
    [[[1, 10], [2, 90]], 1], // a later level does not make up for an earlier one
    [[[1, 99], [2, 99], [3, 99]], 3], // never above the last level
  ] as Array<[Array<[number, number]>, number]>)('scores by level %j → level %i reached', (entries, reached) => {
    expect(levelReached(levels, scores(entries))).toBe(reached);
  });

  it('lets a player answer level n+1 only after reaching every earlier promotion score', () => {
    expect(mayAnswerLevel(levels, scores([]), 1)).toBe(true);
    expect(mayAnswerLevel(levels, scores([[1, 19]]), 2)).toBe(false);
    expect(mayAnswerLevel(levels, scores([[1, 20]]), 2)).toBe(true);
    expect(mayAnswerLevel(levels, scores([[1, 20]]), 3)).toBe(false);
    expect(levelReached([], scores([]))).toBe(0);
  });

  it('treats a promotion score of 0 as passed', () => {
    expect(levelReached([{ level: 1, promotionScore: 0 }, { level: 2, promotionScore: null }], scores([]))).toBe(2);
  });
});

describe('ranking', () => {
  const players: RankingPlayer[] = [
    { playerId: 11, nickname: 'Ann', joinOrder: 1 },
    { playerId: 12, nickname: 'Ben', joinOrder: 2 },
    { playerId: 13, nickname: 'Cat', joinOrder: 3 },
    { playerId: 14, nickname: 'Dan', joinOrder: 4 },
    { playerId: 15, nickname: 'Eve', joinOrder: 5 },
  ];
  const a = (playerId: number, points: number, elapsedMs: number, level: number | null = null): RankingAnswer => ({
    playerId,
    level,
    correct: points > 0,
    points,
    elapsedMs,
  });

  it('speed contest: points desc, then elapsed of correct answers asc, then join order', () => {
    const answers = [
      a(11, 900, 2_000),
      a(11, 0, 100), // a wrong answer's time does not count
      a(12, 900, 1_500),
      a(13, 1700, 6_000),
      a(14, 900, 2_000), // same points and time as Ann: Ann joined first
    ];
    const ranking = rankPlayers(1, players, answers);
    expect(ranking.map((r) => [r.rank, r.nickname, r.score, r.elapsedMs, r.level])).toEqual([
      [1, 'Cat', 1700, 6_000, 0],
      [2, 'Ben', 900, 1_500, 0],
      [3, 'Ann', 900, 2_000, 0],
      [4, 'Dan', 900, 2_000, 0],
      [5, 'Eve', 0, 0, 0], // joined, never answered: ranked last
    ]);
  });

  it('level game: level reached desc, score desc, elapsed asc, then join order', () => {
    const levels: LevelRule[] = [
      { level: 1, promotionScore: 20 },
      { level: 2, promotionScore: null },
    ];
    const answers = [
      a(11, 20, 5_000, 1), // level 2 reached, 20 points
      a(12, 10, 1_000, 1),
      a(12, 10, 1_000, 1), // level 2 reached with 20 in level 1, then 30 in level 2
      a(12, 30, 2_000, 2),
      a(13, 50, 500, 1), // 50 ≥ 20 in level 1: level 2 reached without answering it
      a(14, 10, 100, 1), // stuck at level 1
      a(15, 20, 4_000, 1), // same level and score as Ann, faster
    ];
    const ranking = rankPlayers(2, players, answers, levels);
    expect(ranking.map((r) => [r.rank, r.nickname, r.level, r.score, r.elapsedMs])).toEqual([
      [1, 'Cat', 2, 50, 500],
      [2, 'Ben', 2, 50, 4_000],
      [3, 'Eve', 2, 20, 4_000],
      [4, 'Ann', 2, 20, 5_000],
      [5, 'Dan', 1, 10, 100],
    ]);
  });

  it('counts unscored answers as 0 and ignores answers of unknown players', () => {
    const ranking = rankPlayers(1, players.slice(0, 2), [
      { playerId: 11, level: null, correct: null, points: null, elapsedMs: 1_000 },
      a(99, 1000, 1),
    ]);
    expect(ranking.map((r) => [r.playerId, r.score, r.elapsedMs])).toEqual([
      [11, 0, 0],
      [12, 0, 0],
    ]);
  });

  it('ranks 10,000 players with 10 answers each quickly', () => {
    const many: RankingPlayer[] = Array.from({ length: 10_000 }, (_, i) => ({ playerId: i + 1, nickname: `p${i + 1}`, joinOrder: i + 1 }));
    const answers: RankingAnswer[] = [];
    for (const p of many) for (let q = 0; q < 10; q++) answers.push(a(p.playerId, (p.playerId * 7919 + q * 104_729) % 1001, (p.playerId * q) % 20_000));
    const started = performance.now();
    const ranking = rankPlayers(1, many, answers);
    const took = performance.now() - started;
    expect(ranking).toHaveLength(10_000);
    for (let i = 1; i < ranking.length; i++) expect(ranking[i - 1]!.score).toBeGreaterThanOrEqual(ranking[i]!.score);
    expect(took, `${took.toFixed(0)} ms`).toBeLessThan(1_000);
  });
});
