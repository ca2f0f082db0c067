/**
 * Rows of the live game as the contracts shape them (openapi/play-api.yaml, admin-api.yaml): snake
 * case, ISO times, and — the one rule that matters here — a question as players and the display see
 * it never carries its correct answer (nor a slider's answer or tolerance, nor the explanation); the
 * answer and the reveal are added only once it is published. What a question is to check, score and
 * reveal its answers is its kind's (scoringQuestion builds what the kind reads of the row).
 */
import type { components as PlayComponents } from '@openapi/play-api';
import type { ScoringQuestion } from '../../../domain/scoring.js';
import { answerDeadline } from '../../../domain/scoring.js';
import { isTimed } from '../../../domain/timed.js';
import type { GameType } from '../../../domain/question-rules.js';
import { kindOf, questionTypeOf, type StoredAnswer } from '../../../domain/question-kinds/index.js';
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

/**
 * What the question's kind reads of it to check, score and reveal its answers. A kind that takes no
 * answers (a content slide) has no time limit: no countdown, no deadline.
 */
export function scoringQuestion(game: Pick<GameRow, 'type'>, question: QuestionRow): ScoringQuestion {
  const kind = kindOf(question.questionType);
  return {
    gameType: game.type as GameType,
    questionType: kind.type,
    optionTitles: question.options.map((option) => option.title),
    answer: question.answer,
    acceptedAnswers: question.acceptedAnswers,
    ignorePunctuation: question.ignorePunctuation === 1 ? 1 : 0,
    slider: question.slider,
    // Whether it has a time limit (src/domain/timed.ts): answerDeadline and scoring ask nothing else.
    haveAnsweringTime: kind.answerable && isTimed(game.type, question.haveAnsweringTime) ? 1 : 0,
    answeringSeconds: question.answeringTime,
    isBonus: question.isBonus === 1 ? 1 : 0,
    score: question.score,
  };
}

/** When answering closes, or null (untimed, a content slide, or not shown). */
export function deadlineOf(game: Pick<GameRow, 'type'>, question: QuestionRow): Date | null {
  if (!question.shownAt || !kindOf(question.questionType).answerable) return null;
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

/** The question without its answer: a slider's scale without its answer or tolerance. */
export function publicQuestion(game: Pick<GameRow, 'type'>, question: QuestionRow, level: number | null): PlaySchemas['PublicQuestion'] {
  const slider = question.slider;
  return {
    id: question.id,
    title: question.title,
    question_text: question.questionText,
    question_img: question.questionImg,
    pre_video_url: question.preVideoUrl,
    question_type: questionTypeOf(question.questionType),
    options: question.options,
    slider: slider ? { min: slider.min, max: slider.max, step: slider.step, unit: slider.unit } : null,
    level,
    is_bonus: question.isBonus as 0 | 1,
    // Whether it has a time limit (src/domain/timed.ts; never a content slide), so the phone and the screen need not know the game's type.
    have_answering_time: scoringQuestion(game, question).haveAnsweringTime,
    answering_time: question.answeringTime,
  };
}

/** What the reveal shows (the kind's: the correct options, the order), but only once published. */
export const publishedAnswer = (game: Pick<GameRow, 'type'>, question: QuestionRow): PlaySchemas['OptionTitle'][] | null =>
  question.status >= 2 ? kindOf(question.questionType).reveal(scoringQuestion(game, question)).answer : null;

/**
 * The reveal beyond the correct options (the contract's Reveal): the explanation, the kind's reveal
 * (accepted answers, the slider's answer and tolerance) and its statistics' typed answers and
 * histogram over the question's answers.
 */
export function revealOf(game: Pick<GameRow, 'type'>, question: QuestionRow, answers: readonly StoredAnswer[]): PlaySchemas['Reveal'] {
  const kind = kindOf(question.questionType);
  const rule = scoringQuestion(game, question);
  const reveal = kind.reveal(rule);
  const statistics = kind.statistics(rule, answers);
  return {
    explanation: question.explanation,
    accepted_answers: reveal.accepted_answers,
    typed: statistics.typed,
    slider_answer: reveal.slider_answer,
    slider_tolerance: reveal.slider_tolerance,
    histogram: statistics.histogram,
  };
}

export function myAnswer(row: AnswerRow): PlaySchemas['MyAnswer'] {
  return {
    question_id: row.questionId,
    choices: row.choices as PlaySchemas['OptionTitle'][],
    text: row.text,
    value: row.value,
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
