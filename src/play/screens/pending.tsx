/** `inGame.pending`: the answer kept while the server cannot be reached; and the notice when it was refused on arrival. */
import { selectPendingRefusal, selectQuestion } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';
import { clockTime, PendingCard, QuestionHead } from './parts';

export function PendingScreen() {
  const question = PlayerActor.useSelector(selectQuestion);
  return (
    <div className="question">
      {question ? <QuestionHead question={question} /> : null}
      <PendingCard />
    </div>
  );
}

/** The server refused an answer that had waited for the network: its reason, and when it was tapped. */
export function PendingRefusalNotice() {
  const t = useT();
  const refusal = PlayerActor.useSelector(selectPendingRefusal);
  if (!refusal) return null;
  return (
    <p className="alert" role="alert" data-testid="pending-refused">
      {t('pending.refused', { time: clockTime(refusal.tappedAt), reason: refusal.message })}
    </p>
  );
}
