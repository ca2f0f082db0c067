/**
 * The player machine's model inputs, shared by its model-based test (tests/machines/player.machine.test.ts)
 * and its replay in Chromium (tests/e2e/replay/player.replay.e2e.test.ts): the clock's start, the
 * delayed events' names, a question and a level question, and what the play API's /state may answer
 * at each point of a game (the replay gets the browser there by moving a real game).
 */
import type { JoinOutput, PlayerView, PublicQuestion } from '@machines/player/types';

export const T0 = Date.parse('2026-11-22T04:00:00.000Z');
export const TICK = 'xstate.after.tick.player.inGame.answering.countdown.running' as const;
export const RETRY = 'xstate.after.pendingRetry.player.inGame.pending' as const;
export const OFFLINE_RETRY = 'xstate.after.offlineRetry.player.offline' as const;

export const Q1: PublicQuestion = {
  id: 31,
  title: '台灣最高峰',
  questionText: '台灣最高的山是哪一座？',
  questionImg: '',
  questionType: 1,
  options: [
    { title: 'A', text: '玉山', img: '' },
    { title: 'B', text: '雪山', img: '' },
  ],
  level: null,
  isBonus: false,
};
export const LEVEL2: PublicQuestion = { ...Q1, id: 32, level: 2 };

/** /state before any question. */
export const base: PlayerView = { serverTime: T0, gameEnded: false, question: null, myAnswer: null, score: 0, levelReached: null, rank: null };
/** The live question as /state answers it, with `changes`. */
export const live = (changes: Partial<NonNullable<PlayerView['question']>> = {}): PlayerView['question'] => ({
  question: Q1,
  status: 1,
  deadline: T0 + 1_500,
  canAnswer: true,
  answer: null,
  ...changes,
});
export const VIEWS = {
  LOBBY: base,
  ANSWERING: { ...base, question: live() },
  UNTIMED: { ...base, question: live({ deadline: null }) },
  ANSWERED: { ...base, question: live(), myAnswer: { choices: ['A'], correct: null, points: null } },
  WATCHING: { ...base, question: live({ canAnswer: false }), levelReached: 1 },
  REVEALED: { ...base, question: live({ status: 2, answer: ['A'] }), myAnswer: { choices: ['A'], correct: true, points: 950 }, score: 950 },
  RANKED: { ...base, question: live({ status: 3, answer: ['A'] }), score: 950, levelReached: 1, rank: { position: 1, total: 3, questionId: Q1.id } },
  ENDED: { ...base, gameEnded: true, score: 950, rank: { position: 1, total: 3, questionId: Q1.id } },
} satisfies Record<string, PlayerView>;

export const JOINED: JoinOutput = { token: 'new-token', player: { id: 5, nickname: 'Ann', gameId: 2 } };
