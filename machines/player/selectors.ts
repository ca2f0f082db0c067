/**
 * Narrow reads of the player snapshot for the player page. What the chart knows (which screen, can
 * answer, busy) comes from states, tags and `can()`; seconds left come from the countdown's context.
 */
import { secondsShown } from '../../src/domain/clock.js';
import { kindLabelOf } from '../../src/domain/question-kinds/labels.js';
import type { PlayerSnapshot } from './player.machine.js';
import type { EndedGame, PendingAnswer, PendingRefusal, PlayerReveal, PlayerView, PublicQuestion, Votes } from './types.js';

export type PlayerScreen = 'join' | 'ended' | 'loading' | 'offline' | 'lobby' | 'answering' | 'pending' | 'answered' | 'watching' | 'slide' | 'revealed' | 'ranked' | 'finished';

/** A content slide on screen: nobody answers it, so it shows where another question is watched or revealed. */
const showsSlide = (snapshot: PlayerSnapshot): boolean => {
  const question = snapshot.context.view?.question?.question;
  return !!question && !kindLabelOf(question.questionType).answerable && (snapshot.matches({ inGame: 'watching' }) || snapshot.matches({ inGame: 'revealed' }));
};

export function selectScreen(snapshot: PlayerSnapshot): PlayerScreen {
  if (snapshot.matches({ joining: 'ended' })) return 'ended';
  if (snapshot.matches('joining')) return 'join';
  if (snapshot.matches('offline')) return 'offline';
  if (snapshot.matches('finished')) return 'finished';
  if (showsSlide(snapshot)) return 'slide';
  for (const screen of ['lobby', 'answering', 'pending', 'answered', 'watching', 'revealed', 'ranked'] as const) {
    if (snapshot.matches({ inGame: screen })) return screen;
  }
  return 'loading';
}

export const selectIsBusy = (snapshot: PlayerSnapshot): boolean => snapshot.hasTag('busy');
export const selectCanAnswer = (snapshot: PlayerSnapshot): boolean => snapshot.can({ type: 'player.answer', choices: [], tappedAt: 0 });
export const selectIsSubmitting = (snapshot: PlayerSnapshot): boolean =>
  snapshot.matches({ inGame: { answering: { form: 'submitting' } } });
export const selectRemainingSeconds = (snapshot: PlayerSnapshot): number | null =>
  snapshot.context.remainingMs === null || !snapshot.matches({ inGame: 'answering' }) ? null : secondsShown(snapshot.context.remainingMs);
export const selectQuestion = (snapshot: PlayerSnapshot): PublicQuestion | null => snapshot.context.view?.question?.question ?? null;
/** The correct options once published (never before). */
export const selectCorrectAnswer = (snapshot: PlayerSnapshot): string[] | null => snapshot.context.view?.question?.answer ?? null;
/** The rest of the reveal (explanation, accepted answers, the slider's answer), once published. */
export const selectReveal = (snapshot: PlayerSnapshot): PlayerReveal | null => snapshot.context.view?.question?.reveal ?? null;
/** The answers per option published with the current question's answer (a poll's votes), when the phone heard them. */
export const selectVotes = (snapshot: PlayerSnapshot): Votes | null => {
  const votes = snapshot.context.votes;
  return votes && votes.questionId === snapshot.context.view?.question?.question.id ? votes : null;
};
export const selectMyAnswer = (snapshot: PlayerSnapshot): PlayerView['myAnswer'] => snapshot.context.view?.myAnswer ?? null;
export const selectScore = (snapshot: PlayerSnapshot): number => snapshot.context.view?.score ?? 0;
export const selectRank = (snapshot: PlayerSnapshot): PlayerView['rank'] => snapshot.context.view?.rank ?? null;
export const selectPlayer = (snapshot: PlayerSnapshot) => snapshot.context.player;
export const selectError = (snapshot: PlayerSnapshot): string | null => snapshot.context.error;
/** The answer waiting for the network (or on its way), with the time it was tapped. */
export const selectPending = (snapshot: PlayerSnapshot): PendingAnswer | null => snapshot.context.pending;
/** Why the server refused the last pending answer, when it did. */
export const selectPendingRefusal = (snapshot: PlayerSnapshot): PendingRefusal | null => snapshot.context.refusal;
/** The ended game a join was refused for (its final ranking). */
export const selectEndedGame = (snapshot: PlayerSnapshot): EndedGame | null => snapshot.context.endedGame;
/** Players joined, as the game's topic last told (null before it did). */
export const selectPlayerCount = (snapshot: PlayerSnapshot): number | null => snapshot.context.playerCount;
/** The live link's connection actor while the phone plays (read it with machines/connection/selectors). */
export const selectConnectionRef = (snapshot: PlayerSnapshot) => snapshot.children.connection;
/** The last view the server gave (the screens' details: levels, refusal, title). */
export const selectView = (snapshot: PlayerSnapshot): PlayerView | null => snapshot.context.view;
/** The operator's disqualification of this player (its reason), or null while ranked. */
export const selectDisqualified = (snapshot: PlayerSnapshot): { reason: string } | null => snapshot.context.view?.disqualified ?? null;
/** Who this phone plays as: the join's answer, else (after a reload) the view's. */
export const selectNickname = (snapshot: PlayerSnapshot): string => snapshot.context.player?.nickname ?? snapshot.context.view?.nickname ?? '';
/** The game's title, once the server named it. */
export const selectGameTitle = (snapshot: PlayerSnapshot): string => snapshot.context.view?.gameTitle ?? '';
