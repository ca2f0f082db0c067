/**
 * Kind 8, content slide: a title, text, image or video on the display and the phones (a sponsor
 * message, an explanation, a round title); no options, no answers, no countdown, never in the
 * ranking. Every answer is refused (`notAnswerable`); what it would count or export is empty.
 */
import { noParts, noReveal, noStatistics } from './choice.js';
import type { QuestionKind } from './kind.js';
import { kindLabels } from './labels.js';

export const contentSlide = {
  ...kindLabels[8],
  parts: noParts,
  validate: () => undefined,
  toggleAnswer: () => [],
  checkAnswer: () => 'notAnswerable',
  normalizeAnswer: () => ({ choices: [], text: null, value: null }),
  isCorrect: () => false,
  score: () => ({ correct: false, points: 0 }),
  reveal: noReveal,
  statistics: noStatistics,
  exportAnswer: () => '',
  exportCorrect: () => '',
  botAnswer: () => ({}),
  fairPlayKey: () => null,
} as const satisfies QuestionKind;
