/**
 * A game's autopilot now (the contract's AutopilotState, the `server.autopilot` event's fields), read
 * from a stored game and its questions: the one reading the admin API's game (trivia), the operator's
 * snapshot and the server's autopilot (live) share. The rules are ./next-step.ts (which step) and
 * ./autopilot.ts (when); this module only gathers their facts from the rows. Pure.
 *
 * An autopilot that is off (not enabled, or the game ended) names no step and nothing due, so a game
 * whose autopilot is off needs no question to answer it (`autopilotNeedsQuestions`): a list of games
 * reads the questions of the others only.
 */
import type { components } from '../../openapi/admin-api.js';
import { ANSWER_GRACE_MS, answerDeadline } from '../../src/domain/scoring.js';
import { kindOf } from '../../src/domain/question-kinds/index.js';
import type { GameType } from '../../src/domain/question-rules.js';
import type { QuestionStatus } from '../question/types.js';
import { autopilotDueAt, autopilotMode, autopilotRemainingMs, type AutoAdvance, type AutopilotFacts } from './autopilot.js';
import { nextStepOf } from './next-step.js';

export type AutopilotState = components['schemas']['AutopilotState'];

/** What the autopilot reads of a game (the trivia_games row's columns). */
export interface AutopilotGame {
  id: number;
  /** 1 speed contest, 2 levels (whether a question is timed). */
  type: number;
  /** 1 enabled; anything else has ended (or never started): the autopilot is off. */
  status: number;
  currentQuestionId: number | null;
  autoAdvance: AutoAdvance;
  lastStepAt: Date | null;
  autopilotPausedAt: Date | null;
  autopilotPausedMs: number;
}

/** What the autopilot reads of a question (the questions row's columns). */
export interface AutopilotQuestion {
  id: number;
  status: number;
  questionType: number;
  haveAnsweringTime: number;
  answeringTime: number;
  shownAt: Date | null;
}

const isEnded = (game: Pick<AutopilotGame, 'status'>): boolean => game.status !== 1;

/** Whether answering the game's autopilot needs its questions (false: it is off, whatever they are). */
export const autopilotNeedsQuestions = (game: Pick<AutopilotGame, 'status' | 'autoAdvance'>): boolean =>
  autopilotMode({ settings: game.autoAdvance, ended: isEnded(game), pausedAt: null }) !== 'off';

/** When answering the question closes (ms), null when untimed, a content slide or not shown. */
function deadlineMs(game: AutopilotGame, question: AutopilotQuestion): number | null {
  if (!question.shownAt || !kindOf(question.questionType).answerable) return null;
  const rule = { gameType: game.type as GameType, haveAnsweringTime: question.haveAnsweringTime === 1 ? 1 : 0, answeringSeconds: question.answeringTime } as const;
  return answerDeadline(rule, question.shownAt.getTime());
}

/** The facts ./autopilot.ts decides on. `questions`: every question of the game, in the game's order. */
export function autopilotFactsOf(game: AutopilotGame, questions: readonly AutopilotQuestion[]): AutopilotFacts {
  const ended = isEnded(game);
  const step = nextStepOf({
    ended,
    questions: questions.map((question) => ({ id: question.id, status: question.status as QuestionStatus, takesNoAnswers: !kindOf(question.questionType).answerable })),
    currentQuestionId: game.currentQuestionId,
  });
  const live = questions.find((question) => question.status === 1);
  return {
    settings: game.autoAdvance,
    ended,
    pausedAt: game.autopilotPausedAt?.getTime() ?? null,
    pausedMs: game.autopilotPausedMs,
    lastStepAt: game.lastStepAt?.getTime() ?? null,
    step,
    liveTakesNoAnswers: live ? !kindOf(live.questionType).answerable : false,
    deadline: step?.type === 3 && live ? deadlineMs(game, live) : null,
    graceMs: ANSWER_GRACE_MS,
  };
}

/**
 * The game's AutopilotState. `questions`: every question of the game in the game's order (sort, then
 * id); may be empty when `autopilotNeedsQuestions(game)` is false.
 */
export function autopilotStateOf(game: AutopilotGame, questions: readonly AutopilotQuestion[]): AutopilotState {
  if (!autopilotNeedsQuestions(game)) return { trivia_game_id: game.id, state: 'off', next_step: null, due_at: null, remaining_ms: null };
  const facts = autopilotFactsOf(game, questions);
  const due = autopilotDueAt(facts);
  return {
    trivia_game_id: game.id,
    state: autopilotMode(facts),
    next_step: facts.step ? { type: facts.step.type as 2 | 3 | 4 | 5, question_id: facts.step.questionId } : null,
    due_at: due === null ? null : new Date(due).toISOString(),
    remaining_ms: autopilotRemainingMs(facts),
  };
}
