/**
 * Types of the game machine: a live game as the control screen holds it (which question is live,
 * how many players joined, whether the game is over). Pure types only.
 */
import type { QuestionStatus } from '../question/types.js';

/** 1 = enabled, 0 = closed (ended). */
export type GameStatus = 0 | 1;

export interface GameInput {
  gameId: number;
}

/** What loading a game resolves with (the detail and the question list of the control screen). */
export interface LoadedGame {
  status: GameStatus;
  questions: Array<{ id: number; status: QuestionStatus }>;
  playerCount: number;
}

export interface GameContext {
  gameId: number;
  /** Status of every question of the game, by id (kept up to date from the questions and the server). */
  questionStatuses: Record<number, QuestionStatus>;
  /** The question on screen (status 1), if any: at most one at a time. */
  liveQuestionId: number | null;
  playerCount: number;
  error: string | null;
}

export type GameEvent =
  /** The operator retries loading the game after a failure. */
  | { type: 'host.retry' }
  /** The operator pressed a question's show button; the game lets only one question be live. */
  | { type: 'host.showQuestion'; questionId: number }
  /** The operator pressed the game-over button: asks 確定要結束遊戲嗎？ first. */
  | { type: 'host.endGame' }
  | { type: 'host.confirm' }
  | { type: 'host.cancel' }
  /** A question actor of this screen reports its status (after a call it made succeeded or failed). */
  | { type: 'question.statusChanged'; questionId: number; status: QuestionStatus }
  /** The real-time channel (operator topic). */
  | { type: 'server.questionShown'; questionId: number }
  | { type: 'server.answerPublished'; questionId: number }
  | { type: 'server.rankingPublished'; questionId: number }
  | { type: 'server.playerJoined'; count: number }
  | { type: 'server.gameEnded' };

export type GameEventType = GameEvent['type'];
