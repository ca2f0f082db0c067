/**
 * Narrow reads of the game snapshot for the control screen. Whether a button may be pressed is asked
 * of the chart (`can`), never kept as a flag.
 */
import type { GameSnapshot } from './game.machine.js';

export const selectIsLoading = (snapshot: GameSnapshot): boolean => snapshot.matches('loading');
export const selectIsBusy = (snapshot: GameSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsOpen = (snapshot: GameSnapshot): boolean => snapshot.hasTag('open');
export const selectIsEnded = (snapshot: GameSnapshot): boolean => snapshot.matches('ended');
/** The 確定要結束遊戲嗎？ confirmation is open. */
export const selectIsConfirmingEnd = (snapshot: GameSnapshot): boolean => snapshot.matches('confirmingEnd');
export const selectLiveQuestionId = (snapshot: GameSnapshot): number | null => snapshot.context.liveQuestionId;
export const selectPlayerCount = (snapshot: GameSnapshot): number => snapshot.context.playerCount;
export const selectError = (snapshot: GameSnapshot): string | null => snapshot.context.error;
/** Whether the game lets this question be shown now (the question's own actor says whether it can). */
export const selectCanShowQuestion = (snapshot: GameSnapshot, questionId: number): boolean =>
  snapshot.can({ type: 'host.showQuestion', questionId });
export const selectCanEndGame = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.endGame' });
