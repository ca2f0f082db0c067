/**
 * The question kinds' record (src/domain/question-kinds): every kind answers every part, each as
 * docs/product.md (The question form) and docs/game-rules.md say for its type, and a type that is no kind is refused loudly —
 * never taken for single choice.
 */
import { describe, expect, it } from 'vitest';
import { isQuestionType, kindOf, QUESTION_TYPES, questionKinds, questionTypeOf, type QuestionKind } from '@/domain/question-kinds';

const PARTS = [
  'validate',
  'toggleAnswer',
  'storedAnswer',
  'checkAnswer',
  'normalizeAnswer',
  'isCorrect',
  'score',
  'reveal',
  'distribution',
  'exportAnswer',
  'exportCorrect',
  'botAnswer',
  'fairPlayKey',
] as const satisfies ReadonlyArray<keyof QuestionKind>;

const options = ['A', 'B', 'C'].map((title) => ({ title, text: `text ${title}`, img: '' }));
const rules = (kind: QuestionKind, answer: string[]) => {
  const found: Array<[string, string]> = [];
  kind.validate({ options, answer }, (field, key) => found.push([field, key]));
  return found;
};
const speed = { gameType: 1, answer: ['A', 'C'], haveAnsweringTime: 1, answeringSeconds: 10, isBonus: 0, score: 7 } as const;

describe('the record of question kinds', () => {
  it('has the two kinds there are, keyed by their type, in the editor’s order', () => {
    expect(QUESTION_TYPES).toEqual([1, 2]);
    for (const type of QUESTION_TYPES) expect(questionKinds[type].type).toBe(type);
    expect(kindOf(1).label).toBe('single');
    expect(kindOf(2).label).toBe('multiple');
  });

  it.each(QUESTION_TYPES)('kind %i answers every part', (type) => {
    const kind = kindOf(type);
    for (const part of PARTS) expect(typeof kind[part], part).toBe('function');
    expect(['one', 'several']).toContain(kind.pick);
  });

  it.each([0, 3, 9, -1, 1.5, Number.NaN])('refuses type %s loudly', (type) => {
    expect(() => kindOf(type)).toThrow(/unknown question type/);
    expect(() => questionTypeOf(type)).toThrow(/unknown question type/);
    expect(isQuestionType(type)).toBe(false);
  });

  it('kindOf(9) throws: a new stored type never becomes single choice', () => {
    expect(() => kindOf(9)).toThrow('unknown question type 9');
  });
});

describe('single choice (1)', () => {
  const kind = kindOf(1);
  it('the editor: one correct option; ticking one clears the others', () => {
    expect(rules(kind, ['A'])).toEqual([]);
    expect(rules(kind, ['A', 'B'])).toEqual([['answer', 'question.singleAnswer']]);
    expect(rules(kind, [])).toEqual([['answer', 'question.answerRequired']]);
    expect(kind.toggleAnswer(['A'], 'B')).toEqual(['B']);
    expect(kind.toggleAnswer(['B'], 'B')).toEqual([]);
  });
  it('an answer: one known option; right when it is the correct one', () => {
    expect(kind.checkAnswer(['A', 'B'], ['A', 'B'])).toBe('singleChoice');
    expect(kind.checkAnswer(['A', 'B'], ['B'])).toBeNull();
    expect(kind.isCorrect(['B'], ['B'])).toBe(true);
    expect(kind.score({ ...speed, answer: ['B'] }, { choices: ['B'], elapsedMs: 0 })).toEqual({ correct: true, points: 1000 });
    expect(kind.score({ ...speed, gameType: 2, answer: ['B'] }, { choices: ['A'], elapsedMs: 0 })).toEqual({ correct: false, points: 0 });
  });
  it('a bot picks exactly one option shown', () => {
    expect(kind.botAnswer(['A', 'B', 'C'], () => 0.7)).toEqual(['C']);
  });
});

describe('multiple choice (2)', () => {
  const kind = kindOf(2);
  it('the editor: one or more correct options, kept in option order', () => {
    expect(rules(kind, ['A', 'C'])).toEqual([]);
    expect(rules(kind, ['D'])).toEqual([['answer', 'question.answerUnknownOption']]);
    expect(kind.toggleAnswer(['C'], 'A')).toEqual(['A', 'C']);
    expect(kind.storedAnswer(['C', 'A', 'C'])).toEqual(['A', 'C']);
  });
  it('an answer: all and only the correct options; points in each game type', () => {
    expect(kind.checkAnswer(['A', 'B', 'C'], ['C', 'A'])).toBeNull();
    expect(kind.normalizeAnswer(['C', 'A'])).toEqual(['A', 'C']);
    expect(kind.score(speed, { choices: ['C', 'A'], elapsedMs: 5_000 })).toEqual({ correct: true, points: 750 });
    expect(kind.score({ ...speed, gameType: 2 }, { choices: ['A', 'C'], elapsedMs: 5_000 })).toEqual({ correct: true, points: 7 });
    expect(kind.score(speed, { choices: ['A'], elapsedMs: 0 })).toEqual({ correct: false, points: 0 });
  });
  it('reveal, statistics, export and fair play', () => {
    expect(kind.reveal(['A', 'C'])).toEqual(['A', 'C']);
    expect(kind.distribution(['A', 'B'], [{ choices: ['A', 'B'] }, { choices: ['A'] }])).toEqual([
      { title: 'A', count: 2 },
      { title: 'B', count: 1 },
    ]);
    expect(kind.exportAnswer(['A', 'C'])).toBe('A,C');
    expect(kind.exportCorrect(['B'])).toBe('B');
    expect(kind.fairPlayKey(['C', 'A'])).toBe(kind.fairPlayKey(['A', 'C']));
  });
  it('a bot picks at least one option shown', () => {
    expect(kind.botAnswer(['A', 'B'], () => 0.9)).toEqual(['B']);
    expect(kind.botAnswer(['A', 'B'], () => 0.1)).toEqual(['A', 'B']);
  });
});
