/**
 * How a live answer is judged and scored (docs/game-rules.md), written once for the server (which scores
 * and refuses), the player page and the display (which explain), and the tests:
 * - a choice set is correct only when it equals the answer set (multiple choice: all and only);
 * - speed contest (type 1): round(1000 × (1 − elapsed / (2 × limit))), elapsed capped at the limit,
 *   so 500..1000, doubled on a bonus question; a level game (type 2): the question's score;
 * - the answering window: shown_at + answering seconds, plus a network grace of 500 ms;
 * - levels: a player may answer level n+1 only once their score in every earlier level reached its
 *   promotion score (the last level has none).
 * Pure: no I/O, no clock (times are passed in), imports nothing of ours but the domain's types.
 */
import { OPTION_TITLES, type GameType, type OptionTitle, type QuestionType } from './question-rules.js';
import { isTimed } from './timed.js';

/** Answers that arrive this long after the deadline still count (network latency of the phones). */
export const ANSWER_GRACE_MS = 500;
/** Points of a correct speed-contest answer given at once / at the very end of the limit. */
export const SPEED_MAX_POINTS = 1000;
export const SPEED_MIN_POINTS = 500;
export const BONUS_FACTOR = 2;

/** What scoring needs to know about a question. */
export interface ScoringQuestion {
  gameType: GameType;
  questionType: QuestionType;
  /** Titles of the correct options. */
  answer: readonly string[];
  /** 1 = answering time limited; a speed contest always limits it. */
  haveAnsweringTime: 0 | 1;
  answeringSeconds: number;
  isBonus: 0 | 1;
  /** Points of a correct answer in a level game. */
  score: number;
}

export interface AnswerToScore {
  choices: readonly string[];
  /** Server receipt time minus the time the question was shown, in ms. */
  elapsedMs: number;
}

export interface AnswerScore {
  correct: boolean;
  points: number;
}

/** The chosen set equals the answer set (order and repeats do not matter). */
export function isCorrectChoice(choices: readonly string[], answer: readonly string[]): boolean {
  const chosen = new Set(choices);
  const correct = new Set(answer);
  if (chosen.size !== correct.size || correct.size === 0) return false;
  for (const title of chosen) if (!correct.has(title)) return false;
  return true;
}

/** A speed contest's points for a correct answer after `elapsedMs` of a `limitMs` window. */
export function speedPoints(elapsedMs: number, limitMs: number, isBonus: boolean): number {
  if (!(limitMs > 0)) return 0;
  const elapsed = Math.min(Math.max(elapsedMs, 0), limitMs);
  const points = Math.round(SPEED_MAX_POINTS * (1 - elapsed / (2 * limitMs)));
  return isBonus ? points * BONUS_FACTOR : points;
}

export function scoreAnswer(question: ScoringQuestion, answer: AnswerToScore): AnswerScore {
  const correct = isCorrectChoice(answer.choices, question.answer);
  if (!correct) return { correct, points: 0 };
  if (question.gameType === 1) {
    return { correct, points: speedPoints(answer.elapsedMs, question.answeringSeconds * 1000, question.isBonus === 1) };
  }
  return { correct, points: Math.max(0, question.score) };
}

/** Why a set of choices cannot be an answer to a question; null when it can. */
export type ChoiceProblem = 'empty' | 'unknownOption' | 'repeated' | 'singleChoice';

export function checkChoices(
  question: { questionType: QuestionType; optionTitles: readonly string[] },
  choices: readonly string[],
): ChoiceProblem | null {
  if (choices.length === 0) return 'empty';
  if (new Set(choices).size !== choices.length) return 'repeated';
  if (choices.some((choice) => !question.optionTitles.includes(choice))) return 'unknownOption';
  if (question.questionType === 1 && choices.length !== 1) return 'singleChoice';
  return null;
}

/** Choices in option order (A..D), as they are stored and compared. */
export function normalizeChoices(choices: readonly string[]): OptionTitle[] {
  return OPTION_TITLES.filter((title) => choices.includes(title));
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
