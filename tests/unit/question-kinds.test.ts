/**
 * The question kinds' record (src/domain/question-kinds): every kind answers every part, each as
 * docs/product.md (The question form) and docs/game-rules.md say for its type, and a type that is no
 * kind is refused loudly — never taken for single choice.
 */
import { describe, expect, it } from 'vitest';
import { isQuestionType, kindOf, QUESTION_TYPES, questionKinds, questionTypeOf, sameStoredAnswer, type QuestionKind } from '@/domain/question-kinds';
import { kindLabelOf, kindLabels } from '@/domain/question-kinds/labels';
import type { KindDraft, KindQuestion, SliderSettings, StoredAnswer } from '@/domain/question-kinds/kind';

const PARTS = [
  'parts',
  'validate',
  'toggleAnswer',
  'checkAnswer',
  'normalizeAnswer',
  'isCorrect',
  'score',
  'reveal',
  'statistics',
  'exportAnswer',
  'exportCorrect',
  'botAnswer',
  'fairPlayKey',
] as const satisfies ReadonlyArray<keyof QuestionKind>;

const options = ['A', 'B', 'C'].map((title) => ({ title, text: `text ${title}`, img: '' }));
const draft = (parts: Partial<KindDraft> = {}): KindDraft => ({ options, answer: [], accepted_answers: [], ignore_punctuation: 0, slider: null, ...parts });
const rules = (kind: QuestionKind, parts: Partial<KindDraft>) => {
  const found: Array<[string, string]> = [];
  kind.validate(draft(parts), (field, key) => found.push([field, key]));
  return found;
};
const question = (parts: Partial<KindQuestion> = {}): KindQuestion => ({
  gameType: 1,
  optionTitles: ['A', 'B', 'C'],
  answer: ['A', 'C'],
  acceptedAnswers: [],
  ignorePunctuation: 0,
  slider: null,
  haveAnsweringTime: 1,
  answeringSeconds: 10,
  isBonus: 0,
  score: 7,
  ...parts,
});
const chose = (...choices: string[]): StoredAnswer => ({ choices, text: null, value: null });
const typed = (text: string): StoredAnswer => ({ choices: [], text, value: null });
const valued = (value: number): StoredAnswer => ({ choices: [], text: null, value });
const at = (answer: StoredAnswer, elapsedMs = 0) => ({ ...answer, elapsedMs });
/** A fixed sequence of "random" numbers, repeated. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('the record of question kinds', () => {
  it('has the eight kinds, keyed by their type, in the editor’s order', () => {
    expect(QUESTION_TYPES).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const type of QUESTION_TYPES) {
      expect(questionKinds[type].type).toBe(type);
      // The screens' table and the kind agree.
      expect(kindLabelOf(type)).toEqual(kindLabels[type]);
      expect(questionKinds[type].label).toBe(kindLabels[type].label);
    }
    expect(QUESTION_TYPES.map((type) => kindOf(type).label)).toEqual(['single', 'multiple', 'trueFalse', 'poll', 'typeAnswer', 'slider', 'ordering', 'slide']);
  });

  it.each(QUESTION_TYPES)('kind %i answers every part', (type) => {
    const kind = kindOf(type);
    for (const part of PARTS) expect(typeof kind[part], part).toBe('function');
  });

  it('scores every kind but the poll and the content slide; answers every kind but the slide', () => {
    expect(QUESTION_TYPES.filter((type) => kindOf(type).scored)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(QUESTION_TYPES.filter((type) => kindOf(type).answerable)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it.each([0, 9, -1, 1.5, Number.NaN])('refuses type %s loudly', (type) => {
    expect(() => kindOf(type)).toThrow(/unknown question type/);
    expect(() => questionTypeOf(type)).toThrow(/unknown question type/);
    expect(() => kindLabelOf(type)).toThrow(/unknown question type/);
    expect(isQuestionType(type)).toBe(false);
  });

  it('a resent answer is the same stored answer only when every part is', () => {
    expect(sameStoredAnswer(chose('A', 'C'), chose('A', 'C'))).toBe(true);
    expect(sameStoredAnswer(chose('A', 'C'), chose('C', 'A'))).toBe(false);
    expect(sameStoredAnswer(typed('台北'), typed('台北'))).toBe(true);
    expect(sameStoredAnswer(valued(3), valued(3.5))).toBe(false);
  });
});

describe('single choice (1)', () => {
  const kind = kindOf(1);
  it('the editor: one correct option; ticking one clears the others', () => {
    expect(rules(kind, { answer: ['A'] })).toEqual([]);
    expect(rules(kind, { answer: ['A', 'B'] })).toEqual([['answer', 'question.singleAnswer']]);
    expect(rules(kind, { answer: [] })).toEqual([['answer', 'question.answerRequired']]);
    expect(kind.toggleAnswer(['A'], 'B')).toEqual(['B']);
    expect(kind.toggleAnswer(['B'], 'B')).toEqual([]);
  });
  it('an answer: one known option; right when it is the correct one', () => {
    expect(kind.checkAnswer(question(), { choices: ['A', 'B'] })).toBe('singleChoice');
    expect(kind.checkAnswer(question(), { choices: ['B'] })).toBeNull();
    expect(kind.checkAnswer(question(), { text: 'B' })).toBe('wrongInput');
    expect(kind.isCorrect(question({ answer: ['B'] }), chose('B'))).toBe(true);
    expect(kind.score(question({ answer: ['B'] }), at(chose('B')))).toEqual({ correct: true, points: 1000 });
    expect(kind.score(question({ gameType: 2, answer: ['B'] }), at(chose('A')))).toEqual({ correct: false, points: 0 });
  });
  it('a bot answers right or wrong as told', () => {
    expect(kind.botAnswer(question({ answer: ['B'] }), () => 0.7, true)).toEqual({ choices: ['B'] });
    expect(kind.botAnswer(question({ answer: ['B'] }), () => 0.7, false).choices).not.toContain('B');
  });
});

describe('multiple choice (2)', () => {
  const kind = kindOf(2);
  it('the editor: one or more correct options, kept in option order', () => {
    expect(rules(kind, { answer: ['A', 'C'] })).toEqual([]);
    expect(rules(kind, { answer: ['D'] })).toEqual([['answer', 'question.answerUnknownOption']]);
    expect(kind.toggleAnswer(['C'], 'A')).toEqual(['A', 'C']);
    expect(kind.parts(draft({ answer: ['C', 'A', 'C'] })).answer).toEqual(['A', 'C']);
  });
  it('an answer: all and only the correct options; points in each game type', () => {
    expect(kind.checkAnswer(question(), { choices: ['C', 'A'] })).toBeNull();
    expect(kind.normalizeAnswer(question(), { choices: ['C', 'A'] })).toEqual(chose('A', 'C'));
    expect(kind.score(question(), at(chose('C', 'A'), 5_000))).toEqual({ correct: true, points: 750 });
    expect(kind.score(question({ gameType: 2 }), at(chose('A', 'C'), 5_000))).toEqual({ correct: true, points: 7 });
    expect(kind.score(question({ isBonus: 1 }), at(chose('A', 'C')))).toEqual({ correct: true, points: 2000 });
    expect(kind.score(question(), at(chose('A')))).toEqual({ correct: false, points: 0 });
  });
  it('reveal, statistics, export and fair play', () => {
    expect(kind.reveal(question()).answer).toEqual(['A', 'C']);
    expect(kind.statistics(question({ optionTitles: ['A', 'B'] }), [chose('A', 'B'), chose('A')]).distribution).toEqual([
      { title: 'A', count: 2 },
      { title: 'B', count: 1 },
    ]);
    expect(kind.exportAnswer(chose('A', 'C'))).toBe('A,C');
    expect(kind.exportCorrect(question({ answer: ['B'] }))).toBe('B');
    expect(kind.fairPlayKey(chose('C', 'A'))).toBe(kind.fairPlayKey(chose('A', 'C')));
  });
  it('a wrong bot never sends the answer set', () => {
    for (const r of [0.1, 0.4, 0.6, 0.9]) expect(kind.botAnswer(question(), () => r, false).choices).not.toEqual(['A', 'C']);
  });
});

describe('true/false (3)', () => {
  const kind = kindOf(3);
  it('stores its two fixed options whatever is sent; the answer is true (A) or false (B)', () => {
    expect(kind.parts(draft({ answer: ['B'] }))).toMatchObject({ options: [{ title: 'A', text: '' }, { title: 'B', text: '' }], answer: ['B'] });
    expect(rules(kind, { answer: ['A'] })).toEqual([]);
    expect(rules(kind, { answer: [] })).toEqual([['answer', 'question.trueFalseAnswer']]);
    expect(rules(kind, { answer: ['A', 'B'] })).toEqual([['answer', 'question.trueFalseAnswer']]);
    expect(rules(kind, { answer: ['C'] })).toEqual([['answer', 'question.trueFalseAnswer']]);
  });
  it('is answered and scored like a single choice', () => {
    const tf = question({ optionTitles: ['A', 'B'], answer: ['B'] });
    expect(kind.checkAnswer(tf, { choices: ['A', 'B'] })).toBe('singleChoice');
    expect(kind.checkAnswer(tf, { choices: ['C'] })).toBe('unknownOption');
    expect(kind.score(tf, at(chose('B'), 10_000))).toEqual({ correct: true, points: 500 });
    expect(kind.botAnswer(tf, Math.random, true)).toEqual({ choices: ['B'] });
    expect(kind.botAnswer(tf, Math.random, false)).toEqual({ choices: ['A'] });
  });
});

describe('poll (4)', () => {
  const kind = kindOf(4);
  it('has options but no correct answer; any sent answer is dropped', () => {
    expect(rules(kind, {})).toEqual([]);
    expect(rules(kind, { options: options.slice(0, 1) })).toEqual([['options', 'question.optionsCount']]);
    expect(kind.parts(draft({ answer: ['A'] })).answer).toEqual([]);
  });
  it('one vote, never scored, counted per option, never compared by fair play', () => {
    const p = question({ answer: [] });
    expect(kind.checkAnswer(p, { choices: ['B'] })).toBeNull();
    expect(kind.checkAnswer(p, { choices: ['A', 'B'] })).toBe('singleChoice');
    expect(kind.score(p, at(chose('B')))).toEqual({ correct: false, points: 0 });
    expect(kind.statistics(p, [chose('B'), chose('B'), chose('C')]).distribution).toEqual([
      { title: 'A', count: 0 },
      { title: 'B', count: 2 },
      { title: 'C', count: 1 },
    ]);
    expect(kind.fairPlayKey(chose('B'))).toBeNull();
    expect(kind.exportCorrect(p)).toBe('');
  });
});

describe('type answer (5)', () => {
  const kind = kindOf(5);
  const q = (accepted: string[], ignorePunctuation: 0 | 1 = 0) => question({ optionTitles: [], answer: [], acceptedAnswers: accepted, ignorePunctuation });
  it('the editor: 1 to 20 accepted answers of 1 to 60 characters, none twice', () => {
    expect(rules(kind, { accepted_answers: ['台北'] })).toEqual([]);
    expect(rules(kind, { accepted_answers: [] })).toEqual([['accepted_answers', 'question.acceptedAnswersCount']]);
    expect(rules(kind, { accepted_answers: ['  '] })).toEqual([['accepted_answers', 'question.acceptedAnswersCount']]);
    expect(rules(kind, { accepted_answers: Array.from({ length: 21 }, (_, i) => `a${i}`) })).toEqual([['accepted_answers', 'question.acceptedAnswersCount']]);
    expect(rules(kind, { accepted_answers: ['x'.repeat(61)] })).toEqual([['accepted_answers.0', 'question.acceptedAnswerLength']]);
    expect(rules(kind, { accepted_answers: ['臺北', '台北'] })).toEqual([['accepted_answers', 'question.acceptedAnswerRepeated']]);
    expect(kind.parts(draft({ accepted_answers: [' Taipei ', ''], options, answer: ['A'] }))).toMatchObject({ options: [], answer: [], accepted_answers: ['Taipei'] });
  });
  it('matches after NFKC, one Chinese script, case and spaces; punctuation only when told', () => {
    const taipei = q(['台北 101']);
    expect(kind.isCorrect(taipei, typed('臺北 101'))).toBe(true);
    expect(kind.isCorrect(taipei, typed('台北　１０１'))).toBe(true); // full-width space and digits
    expect(kind.isCorrect(taipei, typed('  台北   101 '))).toBe(true);
    expect(kind.isCorrect(q(['Taipei']), typed('TAIPEI'))).toBe(true);
    expect(kind.isCorrect(q(['台湾']), typed('臺灣'))).toBe(true);
    expect(kind.isCorrect(q(["Rock 'n' roll"]), typed('rock n roll'))).toBe(false);
    expect(kind.isCorrect(q(["Rock 'n' roll"], 1), typed('rock n roll!'))).toBe(true);
    expect(kind.isCorrect(taipei, typed('台中'))).toBe(false);
  });
  it('an answer: a text of 1 to 60 characters; scored like the others', () => {
    expect(kind.checkAnswer(q(['a']), { text: '' })).toBe('textLength');
    expect(kind.checkAnswer(q(['a']), { text: 'x'.repeat(61) })).toBe('textLength');
    expect(kind.checkAnswer(q(['a']), { text: '字'.repeat(60) })).toBeNull();
    expect(kind.checkAnswer(q(['a']), { choices: ['A'] })).toBe('wrongInput');
    expect(kind.normalizeAnswer(q(['a']), { text: '  Taipei ' })).toEqual(typed('Taipei'));
    expect(kind.score(q(['Taipei']), at(typed('taipei'), 5_000))).toEqual({ correct: true, points: 750 });
  });
  it('reveals the accepted answers and the matched typed answers, most frequent first', () => {
    const taipei = q(['台北', 'Taipei']);
    expect(kind.reveal(taipei).accepted_answers).toEqual(['台北', 'Taipei']);
    const stats = kind.statistics(taipei, [typed('台北'), typed('臺北'), typed('台北'), typed('taipei'), typed('a rude word')]);
    expect(stats.typed).toEqual([
      { text: '台北', count: 3 },
      { text: 'taipei', count: 1 },
    ]);
    expect(kind.exportCorrect(taipei)).toBe('台北 | Taipei');
    expect(kind.fairPlayKey(typed('Taipei!'))).toBe(kind.fairPlayKey(typed('taipei')));
  });
});

describe('slider (6)', () => {
  const kind = kindOf(6);
  const scale: SliderSettings = { min: 0, max: 10, step: 0.5, answer: 7.5, tolerance: 0.5, unit: 'km' };
  const q = (slider: SliderSettings = scale) => question({ optionTitles: [], answer: [], slider });
  it('the editor: a range, a step that divides it, an answer on a step', () => {
    expect(rules(kind, { slider: scale })).toEqual([]);
    expect(rules(kind, { slider: null })).toEqual([['slider', 'question.sliderRequired']]);
    expect(rules(kind, { slider: { ...scale, max: 0 } })).toEqual([['slider.max', 'question.sliderRange']]);
    expect(rules(kind, { slider: { ...scale, step: 3 } })).toEqual([['slider.step', 'question.sliderStep']]);
    expect(rules(kind, { slider: { ...scale, step: 0.0001 } })).toEqual([['slider.step', 'question.sliderStepCount']]);
    expect(rules(kind, { slider: { ...scale, answer: 7.25 } })).toEqual([['slider.answer', 'question.sliderAnswer']]);
    expect(rules(kind, { slider: { ...scale, answer: 11 } })).toEqual([['slider.answer', 'question.sliderAnswer']]);
    expect(rules(kind, { slider: { ...scale, tolerance: -1 } })).toEqual([['slider.tolerance', 'question.sliderTolerance']]);
    expect(rules(kind, { slider: { min: 0, max: 1, step: 0.1, answer: 0.3, tolerance: 0, unit: '' } })).toEqual([]);
  });
  it('an answer: a value on a step inside the range; right within the tolerance', () => {
    expect(kind.checkAnswer(q(), { value: 10.5 })).toBe('outOfRange');
    expect(kind.checkAnswer(q(), { value: 7.2 })).toBe('offStep');
    expect(kind.checkAnswer(q(), { value: 7 })).toBeNull();
    expect(kind.checkAnswer(q(), { choices: ['A'] })).toBe('wrongInput');
    expect(kind.checkAnswer(q(), {})).toBe('wrongInput');
    expect(kind.normalizeAnswer(q({ min: 0, max: 1, step: 0.1, answer: 0.3, tolerance: 0, unit: '' }), { value: 0.1 + 0.2 })).toEqual(valued(0.3));
    expect(kind.isCorrect(q(), valued(7))).toBe(true);
    expect(kind.isCorrect(q(), valued(8))).toBe(true);
    expect(kind.isCorrect(q(), valued(8.5))).toBe(false);
    expect(kind.score(q(), at(valued(7.5), 0))).toEqual({ correct: true, points: 1000 });
  });
  it('reveals the answer and tolerance, and a histogram of the values', () => {
    expect(kind.reveal(q())).toMatchObject({ slider_answer: 7.5, slider_tolerance: 0.5 });
    const bins = kind.statistics(q(), [valued(0), valued(0.5), valued(7.5), valued(10)]).histogram;
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ from: 0, to: 1, count: 2 });
    expect(bins[7]).toEqual({ from: 7, to: 8, count: 1 });
    expect(bins[9]).toEqual({ from: 9, to: 10, count: 1 });
    expect(kind.exportCorrect(q())).toBe('7.5 ± 0.5 km');
  });
  it('a wrong bot picks a value outside the tolerance', () => {
    for (const r of [0, 0.5, 0.75, 0.99]) expect(kind.isCorrect(q(), { ...valued(0), ...kind.botAnswer(q(), () => r, false) } as StoredAnswer)).toBe(false);
  });
});

describe('ordering (7)', () => {
  const kind = kindOf(7);
  const q = question({ answer: ['C', 'A', 'B'] });
  it('the editor: the answer lists every option once; none sent is the options’ order', () => {
    expect(rules(kind, { answer: ['C', 'A', 'B'] })).toEqual([]);
    expect(rules(kind, { answer: [] })).toEqual([]);
    expect(kind.parts(draft()).answer).toEqual(['A', 'B', 'C']);
    expect(rules(kind, { answer: ['C', 'A'] })).toEqual([['answer', 'question.orderAnswer']]);
    expect(rules(kind, { answer: ['C', 'A', 'A'] })).toEqual([['answer', 'question.orderAnswer']]);
  });
  it('an answer: every option once; right only when the whole order is', () => {
    expect(kind.checkAnswer(q, { choices: ['C', 'A'] })).toBe('incompleteOrder');
    expect(kind.checkAnswer(q, { choices: ['C', 'A', 'A'] })).toBe('repeated');
    expect(kind.checkAnswer(q, { choices: ['C', 'A', 'D'] })).toBe('unknownOption');
    expect(kind.normalizeAnswer(q, { choices: ['B', 'A', 'C'] })).toEqual(chose('B', 'A', 'C'));
    expect(kind.score(q, at(chose('C', 'A', 'B')))).toEqual({ correct: true, points: 1000 });
    expect(kind.score(q, at(chose('C', 'B', 'A')))).toEqual({ correct: false, points: 0 });
    expect(kind.reveal(q).answer).toEqual(['C', 'A', 'B']);
    expect(kind.exportAnswer(chose('B', 'A', 'C'))).toBe('B,A,C');
    expect(kind.fairPlayKey(chose('B', 'A', 'C'))).not.toBe(kind.fairPlayKey(chose('A', 'B', 'C')));
  });
  it('a bot sends a whole order, the right one only when told', () => {
    expect(kind.botAnswer(q, Math.random, true)).toEqual({ choices: ['C', 'A', 'B'] });
    const two = question({ optionTitles: ['A', 'B'], answer: ['B', 'A'] });
    for (const r of [0, 0.6]) expect(kind.botAnswer(two, sequence(r), false)).toEqual({ choices: ['A', 'B'] });
    const wrong = kind.botAnswer(q, sequence(0.1, 0.9, 0.5), false).choices!;
    expect([...wrong].sort()).toEqual(['A', 'B', 'C']);
    expect(wrong).not.toEqual(['C', 'A', 'B']);
  });
});

describe('content slide (8)', () => {
  const kind = kindOf(8);
  it('keeps no options or answers and takes no answer', () => {
    expect(kind.parts(draft({ answer: ['A'], accepted_answers: ['x'] }))).toEqual({ options: [], answer: [], accepted_answers: [], ignore_punctuation: 0, slider: null });
    expect(rules(kind, {})).toEqual([]);
    expect(kind.checkAnswer(question(), { choices: ['A'] })).toBe('notAnswerable');
    expect(kind.score(question(), at(chose('A')))).toEqual({ correct: false, points: 0 });
  });
});
