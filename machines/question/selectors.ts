/**
 * Narrow reads of a question snapshot, for `useSelector(questionActor, selectX)` on the control screen
 * and for the server's step checks. What the chart already knows (status, which button, busy,
 * dialog open) is derived from states, tags and `can()`, never stored.
 */
import { secondsShown } from '../../src/domain/clock.js';
import type { QuestionSnapshot } from './question.machine.js';
import type { QuestionStatus } from './types.js';

/** The stored status (docs/game-rules.md) of the chart's state (while a call runs: the status before it). */
export function selectStatus(snapshot: QuestionSnapshot): QuestionStatus {
  if (snapshot.matches('rankingPublished')) return 3;
  if (snapshot.matches('publishingRanking')) return snapshot.context.rankingsPublished > 0 ? 3 : 2;
  if (snapshot.hasTag('answerOut')) return 2;
  if (snapshot.hasTag('live')) return 1;
  return 0;
}

export const selectIsBusy = (snapshot: QuestionSnapshot): boolean => snapshot.hasTag('busy');
/** Shown and not yet published: players are answering. */
export const selectIsLive = (snapshot: QuestionSnapshot): boolean => snapshot.hasTag('live');
export const selectIsAnswerPublished = (snapshot: QuestionSnapshot): boolean => snapshot.hasTag('answerOut');
/** The countdown dialog is open while the question is live (docs/product.md, the control screen). */
export const selectShowsCountdownDialog = (snapshot: QuestionSnapshot): boolean => snapshot.hasTag('live');
export const selectIsCountingDown = (snapshot: QuestionSnapshot): boolean => snapshot.matches({ shown: { countdown: 'running' } });
/** The 是否公佈答案 confirmation is open. */
export const selectIsConfirmingPublish = (snapshot: QuestionSnapshot): boolean =>
  snapshot.matches({ shown: { publishNow: 'confirmingPublish' } });
/** Whole seconds left on the countdown (ceil), or null when untimed / not shown. */
export const selectRemainingSeconds = (snapshot: QuestionSnapshot): number | null =>
  snapshot.context.remainingMs === null || !snapshot.hasTag('live') ? null : secondsShown(snapshot.context.remainingMs);
export const selectError = (snapshot: QuestionSnapshot): string | null => snapshot.context.error;

/** Which action button the row shows (by status, docs/game-rules.md), or null while its call is in flight. */
export type QuestionAction = 'showQuestion' | 'publishAnswer' | 'publishRanking' | 'retryPublish';
export function selectAction(snapshot: QuestionSnapshot): QuestionAction | null {
  if (snapshot.can({ type: 'host.showQuestion' })) return 'showQuestion';
  if (snapshot.can({ type: 'host.publishNow' })) return 'publishAnswer';
  if (snapshot.can({ type: 'host.retry' })) return 'retryPublish';
  if (snapshot.can({ type: 'host.publishRanking' })) return 'publishRanking';
  return null;
}
