/**
 * Rows of the live game as the contracts shape them (openapi/play-api.yaml, admin-api.yaml): snake
 * case, ISO times, and — the one rule that matters here — a question as players and the display see
 * it never carries its correct answer; the answer is added only once it is published.
 */
import type { components as PlayComponents } from '@openapi/play-api';
import type { ScoringQuestion } from '../../../domain/scoring.js';
import { answerDeadline } from '../../../domain/scoring.js';
import { isTimed } from '../../../domain/timed.js';
import type { GameType } from '../../../domain/question-rules.js';
import { kindOf, questionTypeOf } from '../../../domain/question-kinds/index.js';
import type { LevelCount, StoredRankEntry } from '../../db/schema.js';
import type { AnswerRow, GameRow, QuestionRow } from './queries.js';
import type { RealtimeEvent } from '../../realtime/bus.js';

export type PlaySchemas = PlayComponents['schemas'];

export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const gameTopic = (gameId: number, audience: 'operator' | 'public') => `game:${gameId}:${audience}`;

/** How many ranking rows the events and the display carry. */
export const TOP = 10;

/** The same event for the control screens (operator topic) and for the players and displays (public topic). */
export const toBothTopics = (gameId: number, type: string, data: unknown): RealtimeEvent[] => [
  { topic: gameTopic(gameId, 'operator'), type, data },
  { topic: gameTopic(gameId, 'public'), type, data },
];

export function scoringQuestion(game: Pick<GameRow, 'type'>, question: QuestionRow): ScoringQuestion {
  return {
    gameType: game.type as GameType,
    questionType: questionTypeOf(question.questionType),
    answer: question.answer,
    // Whether it has a time limit (src/domain/timed.ts): answerDeadline and scoring ask nothing else.
    haveAnsweringTime: isTimed(game.type, question.haveAnsweringTime) ? 1 : 0,
    answeringSeconds: question.answeringTime,
    isBonus: question.isBonus === 1 ? 1 : 0,
    score: question.score,
  };
}

/** When answering closes, or null (untimed, or not shown). */
export function deadlineOf(game: Pick<GameRow, 'type'>, question: QuestionRow): Date | null {
  if (!question.shownAt) return null;
  const deadline = answerDeadline(scoringQuestion(game, question), question.shownAt.getTime());
  return deadline === null ? null : new Date(deadline);
}

export function gameSummary(game: Pick<GameRow, 'id' | 'title' | 'type' | 'status' | 'playerCount' | 'pin'>): PlaySchemas['GameSummary'] {
  return {
    id: game.id,
    title: game.title,
    type: game.type as 1 | 2,
    status: game.status as 0 | 1,
    player_count: game.playerCount,
    pin: game.pin,
  };
}

/** The question without its answer. */
export function publicQuestion(game: Pick<GameRow, 'type'>, question: QuestionRow, level: number | null): PlaySchemas['PublicQuestion'] {
  return {
    id: question.id,
    title: question.title,
    question_text: question.questionText,
    question_img: question.questionImg,
    pre_video_url: question.preVideoUrl,
    question_type: questionTypeOf(question.questionType),
    options: question.options,
    level,
    is_bonus: question.isBonus as 0 | 1,
    // Whether it has a time limit (src/domain/timed.ts), so the phone and the screen need not know the game's type.
    have_answering_time: isTimed(game.type, question.haveAnsweringTime) ? 1 : 0,
    answering_time: question.answeringTime,
  };
}

/** What the reveal shows (the kind's: the correct options), but only once published. */
export const publishedAnswer = (question: QuestionRow): PlaySchemas['OptionTitle'][] | null =>
  question.status >= 2 ? kindOf(question.questionType).reveal(question.answer) : null;

export function myAnswer(row: AnswerRow): PlaySchemas['MyAnswer'] {
  return {
    question_id: row.questionId,
    choices: row.choices as PlaySchemas['OptionTitle'][],
    received_at: iso(row.receivedAt),
    elapsed_ms: row.elapsedMs,
    correct: row.correct,
    points: row.points,
  };
}

export function rankingSummary(row: {
  id: number;
  questionId: number | null;
  total: number;
  levelCounts: LevelCount[];
  publishedAt: Date;
  top: StoredRankEntry[];
}): PlaySchemas['RankingSummary'] {
  return { ranking_id: row.id, question_id: row.questionId, published_at: iso(row.publishedAt), total: row.total, levels: row.levelCounts, list: row.top };
}
