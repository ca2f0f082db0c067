/** `inGame.watching`: a question this player cannot (or can no longer) answer, and why. */
import { selectMyAnswer, selectQuestion, selectView } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';
import { eliminatedFrom, QuestionHead } from './parts';

export function WatchingScreen() {
  const t = useT();
  const view = PlayerActor.useSelector(selectView);
  const question = PlayerActor.useSelector(selectQuestion);
  const mine = PlayerActor.useSelector(selectMyAnswer);
  if (!question || !view) return null;
  const eliminated = eliminatedFrom(view);
  const refusal = view.question?.refusal ?? (mine ? 'answered' : 'late');
  const known = ['late', 'closed', 'answered', 'outsideOpenTime', 'gameEnded'];
  return (
    <div className="question">
      <QuestionHead question={question} />
      {eliminated !== null ? (
        <div className="card center result wrong" data-testid="eliminated">
          <h2>{t('watching.levelNotReached')}</h2>
          <p>{t('watching.levelNotReachedLead', { level: eliminated })}</p>
        </div>
      ) : (
        <div className="card center">
          <h2>{t(`watching.${known.includes(refusal) ? refusal : 'closed'}`)}</h2>
          <p className="muted">{t('watching.watchOnly')}</p>
        </div>
      )}
    </div>
  );
}
