/**
 * Kind 5, type answer: the player types up to 60 characters; right when the text matches one of the
 * question's 1 to 20 `accepted_answers` as typed-answer.ts compares them (NFKC, one Chinese script,
 * case, spaces; punctuation too with `ignore_punctuation`). The reveal shows the accepted answers and
 * the typed answers that matched (moderated: only those), most frequent first.
 */
import { matchesAccepted, normalizeTyped, typedLength, TYPED_ANSWER_MAX } from '../typed-answer.js';
import { noParts, noReveal, noStatistics, pointsOf } from './choice.js';
import type { QuestionKind } from './kind.js';
import { kindLabels } from './labels.js';

export const MAX_ACCEPTED_ANSWERS = 20;
/** The reveal's typed answers: the most frequent this many. */
export const TYPED_TOP = 5;

const isRight: QuestionKind['isCorrect'] = (question, answer) =>
  answer.text !== null && matchesAccepted(answer.text, question.acceptedAnswers, question.ignorePunctuation === 1);

export const typeAnswer = {
  ...kindLabels[5],
  parts: (draft) => ({
    ...noParts(),
    accepted_answers: draft.accepted_answers.map((answer) => answer.normalize('NFC').trim()).filter((answer) => answer !== ''),
    ignore_punctuation: draft.ignore_punctuation === 1 ? 1 : 0,
  }),
  validate: (draft, add) => {
    const accepted = draft.accepted_answers.map((answer) => answer.trim());
    const filled = accepted.filter((answer) => answer !== '');
    if (filled.length === 0 || filled.length > MAX_ACCEPTED_ANSWERS) add('accepted_answers', 'question.acceptedAnswersCount');
    accepted.forEach((answer, index) => {
      if (answer !== '' && typedLength(answer) > TYPED_ANSWER_MAX) add(`accepted_answers.${index}`, 'question.acceptedAnswerLength');
    });
    const keys = filled.map((answer) => normalizeTyped(answer, draft.ignore_punctuation === 1));
    if (keys.some((key) => key === '')) add('accepted_answers', 'question.acceptedAnswerLength');
    if (new Set(keys).size !== keys.length) add('accepted_answers', 'question.acceptedAnswerRepeated');
  },
  toggleAnswer: () => [],
  checkAnswer: (_question, input) => {
    if (input.choices !== undefined || input.value !== undefined || typeof input.text !== 'string') return 'wrongInput';
    const length = typedLength(input.text);
    return length < 1 || length > TYPED_ANSWER_MAX ? 'textLength' : null;
  },
  normalizeAnswer: (_question, input) => ({ choices: [], text: (input.text ?? '').normalize('NFC').trim(), value: null }),
  isCorrect: isRight,
  score: (question, answer) => pointsOf(question, answer, isRight(question, answer)),
  reveal: (question) => ({ ...noReveal(), accepted_answers: [...question.acceptedAnswers] }),
  statistics: (question, answers) => {
    // Matched answers grouped as compared; each group named by its most frequent spelling.
    const groups = new Map<string, { count: number; spellings: Map<string, number> }>();
    for (const answer of answers) {
      if (answer.text === null || !isRight(question, answer)) continue;
      const key = normalizeTyped(answer.text, question.ignorePunctuation === 1);
      const group = groups.get(key) ?? { count: 0, spellings: new Map<string, number>() };
      group.count += 1;
      group.spellings.set(answer.text, (group.spellings.get(answer.text) ?? 0) + 1);
      groups.set(key, group);
    }
    const typed = [...groups.values()]
      .map((group) => ({ text: [...group.spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0], count: group.count }))
      .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      .slice(0, TYPED_TOP);
    return { ...noStatistics(), typed };
  },
  exportAnswer: (answer) => answer.text ?? '',
  exportCorrect: (question) => question.acceptedAnswers.join(' | '),
  botAnswer: (question, random, right) =>
    right ? { text: question.acceptedAnswers[Math.floor(random() * question.acceptedAnswers.length)] ?? '?' } : { text: `bot ${Math.floor(random() * 1e6)}` },
  fairPlayKey: (answer) => normalizeTyped(answer.text ?? '', true),
} as const satisfies QuestionKind;
