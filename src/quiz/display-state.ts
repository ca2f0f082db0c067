/**
 * What the big screen knows of the game, and how the real-time events change it. The state is the
 * contract's DisplayStateData (POST /display/state, or the topic's `server.snapshot` on every
 * (re)subscription, which replaces it whole); the events patch it in between. Pure, so the screen a
 * given history leads to is testable without a browser.
 */
import type { PlaySchemas } from '@/audience/api';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { stageMessageAfter } from '@/audience/stage-message';
import type { Winners } from './winners-podium';

export type DisplayState = PlaySchemas['DisplayStateData'];
export type DisplayScreen = 'lobby' | 'question' | 'answer' | 'ranking' | 'final';

export interface DisplayFrame {
  type: string;
  data?: unknown;
}

/** The state after a frame of the public topic; `refresh` when the frame lacks what the screen needs. */
export function applyFrame(state: DisplayState | null, frame: DisplayFrame): { state: DisplayState | null; refresh: boolean } {
  if (frame.type === 'server.snapshot') return { state: frame.data as DisplayState, refresh: false };
  if (!state) return { state, refresh: true };
  switch (frame.type) {
    case 'server.playerJoined': {
      const { count } = frame.data as PlaySchemas['EventPlayerJoined'];
      return { state: { ...state, game: { ...state.game, player_count: count } }, refresh: false };
    }
    case 'server.questionShown': {
      const data = frame.data as PlaySchemas['EventQuestionShown'];
      if (!data.question) return { state, refresh: true };
      const question: PlaySchemas['DisplayQuestion'] = { question: data.question, status: 1, shown_at: data.shown_at, deadline: data.deadline, answer: null, reveal: null, counts: null };
      return { state: { ...state, question, stage_message: null }, refresh: false };
    }
    case 'server.stageMessage':
      return { state: { ...state, stage_message: stageMessageAfter(state.stage_message, frame) }, refresh: false };
    case 'server.answerPublished': {
      const data = frame.data as PlaySchemas['EventAnswerPublished'];
      if (!state.question || state.question.question.id !== data.question_id) return { state, refresh: true };
      const question = {
        ...state.question,
        status: Math.max(2, state.question.status) as 2 | 3,
        answer: data.answer,
        reveal: data.reveal ?? null,
        counts: { counts: data.counts, total: data.total },
      };
      // A long explanation is left out of the event (too large to travel): the state carries the whole reveal.
      return { state: { ...state, question }, refresh: !data.reveal?.explanation };
    }
    case 'server.rankingPublished': {
      const ranking = frame.data as PlaySchemas['EventRankingPublished'];
      const question = state.question && state.question.question.id === ranking.question_id ? { ...state.question, status: 3 as const } : state.question;
      return { state: { ...state, ranking, question }, refresh: false };
    }
    case 'server.gameEnded':
      return { state: { ...state, finished: true, game: { ...state.game, status: 0 } }, refresh: true };
    // Reset after a rehearsal: nothing of the state holds any more (no question, no ranking, no players).
    case 'server.gameReset':
      return { state, refresh: true };
    default:
      return { state, refresh: false };
  }
}

/**
 * The winners on screen after a frame: shown by `server.winners`, kept while players join (or a
 * display is unpaired), gone as soon as the game moves on or a ranking is published again.
 */
export function winnersAfter(winners: Winners | null, frame: DisplayFrame): Winners | null {
  if (frame.type === 'server.winners') return frame.data as Winners;
  return frame.type === 'server.playerJoined' || frame.type === 'display.unpaired' ? winners : null;
}

export function displayScreen(state: DisplayState): DisplayScreen {
  if (state.finished) return 'final';
  const question = state.question;
  if (!question) return 'lobby';
  if (question.status === 1) return 'question';
  if (state.ranking && state.ranking.question_id === question.question.id) return 'ranking';
  return 'answer';
}

/**
 * Bars of the answer chart: each option's count and its share of the largest (0..1), and whether it is
 * correct (never, for a poll: its reveal is the votes alone).
 */
export function answerBars(question: PlaySchemas['DisplayQuestion']): Array<{ title: string; text: string; count: number; share: number; correct: boolean }> {
  const counts = question.counts?.counts ?? {};
  const max = Math.max(1, ...question.question.options.map((o) => counts[o.title] ?? 0));
  const scored = kindLabelOf(question.question.question_type).scored;
  return question.question.options.map((o) => {
    const count = counts[o.title] ?? 0;
    return { title: o.title, text: o.text, count, share: count / max, correct: scored && !!question.answer?.includes(o.title) };
  });
}

/**
 * Bars of a slider's histogram (the reveal's ranges): each range's count, its share of the largest,
 * and whether it holds the correct value (the last range includes its end).
 */
export function histogramBars(reveal: PlaySchemas['Reveal'] | null): Array<{ from: number; to: number; count: number; share: number; holdsAnswer: boolean }> {
  const ranges = reveal?.histogram ?? [];
  const max = Math.max(1, ...ranges.map((range) => range.count));
  const answer = reveal?.slider_answer ?? null;
  return ranges.map((range, i) => ({
    ...range,
    share: range.count / max,
    holdsAnswer: answer !== null && answer >= range.from && (i === ranges.length - 1 ? answer <= range.to : answer < range.to),
  }));
}

/** Whether the display shows the question as a content slide (full screen, no countdown, no chart), whatever its status. */
export const isSlide = (question: PlaySchemas['DisplayQuestion'] | null): boolean => !!question && !kindLabelOf(question.question.question_type).answerable;

/** In a level game, whether a ranked player has gone past the level of the question just played. */
export function isPromoted(item: PlaySchemas['RankItem'], questionLevel: number | null | undefined): boolean {
  return questionLevel !== null && questionLevel !== undefined && item.level > questionLevel;
}

/** How many ranked players went beyond the level of the question just played (every player, not the top 10). */
export function promotedPlayers(levels: PlaySchemas['RankingSummary']['levels'], questionLevel: number | null | undefined): number {
  if (questionLevel === null || questionLevel === undefined) return 0;
  return levels.filter((entry) => entry.level > questionLevel).reduce((sum, entry) => sum + entry.players, 0);
}

/** The join link on this page's own address: the fallback when the server names none. */
export const joinUrl = (origin: string, pin: string): string => `${origin}/play?pin=${encodeURIComponent(pin)}`;

/**
 * The join link the big screen shows and encodes in its QR code: the server's `join_url` (the
 * company's public URL, else PUBLIC_URL), else this page's own address.
 */
export const displayJoinUrl = (state: Pick<DisplayState, 'join_url' | 'game'>, origin: string): string => state.join_url ?? joinUrl(origin, state.game.pin ?? '');
