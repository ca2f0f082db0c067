/**
 * How a live answer is judged and scored (docs/game-rules.md), written once for the server (which scores
 * and refuses), the player page and the display (which explain), and the tests:
 * - what is right is the question's kind's (a choice set equals the answer set, an order is the
 *   order, a typed answer matches an accepted one, a value is within the tolerance);
 * - speed contest (type 1): round(1000 × (1 − elapsed / (2 × limit))), elapsed capped at the limit,
 *   so 500..1000, doubled on a bonus question; a level game (type 2): the question's score;
 * - the answering window: shown_at + answering seconds, plus a network grace of 500 ms;
 * - levels: a player may answer level n+1 only once their score in every earlier level reached its
 *   promotion score (the last level has none).
 * What is right and what it scores is the question's kind's (question-kinds/): these functions ask it.
 * Pure: no I/O, no clock (times are passed in), imports nothing of ours but the domain.
 */
import { kindOf } from './question-kinds/index.js';
import type { AnswerInput, AnswerProblem, AnswerScore, KindAnswer, KindQuestion, QuestionType, StoredAnswer } from './question-kinds/kind.js';
import { isTimed } from './timed.js';

export { BONUS_FACTOR, SPEED_MAX_POINTS, SPEED_MIN_POINTS, speedPoints } from './points.js';
export type { AnswerProblem, AnswerScore, ChoiceProblem } from './question-kinds/kind.js';

/** Answers that arrive this long after the deadline still count (network latency of the phones). */
export const ANSWER_GRACE_MS = 500;
/** What scoring needs to know about a question. */
export interface ScoringQuestion extends KindQuestion {
  questionType: QuestionType;
}

export type AnswerToScore = KindAnswer;

/** Whether the answer is right and its points, as the question's kind says. */
export function scoreAnswer(question: ScoringQuestion, answer: AnswerToScore): AnswerScore {
  return kindOf(question.questionType).score(question, answer);
}

/** Why an answer cannot answer a question, as its kind says; null when it can. */
export function checkAnswer(question: ScoringQuestion, input: AnswerInput): AnswerProblem | null {
  return kindOf(question.questionType).checkAnswer(question, input);
}

/** An accepted answer as its kind stores and compares it. */
export function normalizeAnswer(question: ScoringQuestion, input: AnswerInput): StoredAnswer {
  return kindOf(question.questionType).normalizeAnswer(question, input);
}

/** When answering closes (ms since epoch), or null when the question has no time limit. */
export function answerDeadline(question: Pick<ScoringQuestion, 'gameType' | 'haveAnsweringTime' | 'answeringSeconds'>, shownAtMs: number): number | null {
  return isTimed(question.gameType, question.haveAnsweringTime) ? shownAtMs + question.answeringSeconds * 1000 : null;
}

/** Whether an answer received at `receivedAtMs` is in time for `deadlineMs` (null: no limit). */
export function inAnsweringWindow(deadlineMs: number | null, receivedAtMs: number): boolean {
  return deadlineMs === null || receivedAtMs <= deadlineMs + ANSWER_GRACE_MS;
}

/** Whether a level game is open at `nowMs` (no start or end time: open on that side). */
export function inOpenTime(openTime: { startMs: number | null; endMs: number | null }, nowMs: number): boolean {
  return (openTime.startMs === null || nowMs >= openTime.startMs) && (openTime.endMs === null || nowMs <= openTime.endMs);
}

// ------------------------------------------------------------------ levels

export interface LevelRule {
  level: number;
  /** null for the last level. */
  promotionScore: number | null;
}

/**
 * The highest level a player has reached: level 1, plus one for each consecutive level (from 1) whose
 * promotion score their score in that level reached; never above the last level. 0 when the game has
 * no levels.
 */
export function levelReached(levels: readonly LevelRule[], scoreByLevel: ReadonlyMap<number, number>): number {
  if (levels.length === 0) return 0;
  const ordered = [...levels].sort((a, b) => a.level - b.level);
  let reached = ordered[0]!.level;
  for (let i = 0; i < ordered.length - 1; i++) {
    const rule = ordered[i]!;
    if (rule.promotionScore === null || (scoreByLevel.get(rule.level) ?? 0) < rule.promotionScore) break;
    reached = ordered[i + 1]!.level;
  }
  return reached;
}

/** A player may answer a question of `level` only once they have reached it. */
export function mayAnswerLevel(levels: readonly LevelRule[], scoreByLevel: ReadonlyMap<number, number>, level: number): boolean {
  return levelReached(levels, scoreByLevel) >= level;
}
