/** `inGame.answered`: the receipt (the server's time of receipt and the answer: choice, vote, order, text or value). */
import { selectMyAnswer, selectQuestion } from '@machines/player/selectors';
import { secondsWithTenths } from '@/domain/clock';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';
import { QuestionHead, YourAnswer } from './parts';

export function AnsweredScreen() {
  const t = useT();
  const question = PlayerActor.useSelector(selectQuestion);
  const mine = PlayerActor.useSelector(selectMyAnswer);
  if (!question) return null;
  return (
    <div className="question">
      <QuestionHead question={question} />
      <div className="card center receipt" data-testid="receipt">
        <div className="check" aria-hidden="true">
          ✓
        </div>
        <h2>{t('answered.title')}</h2>
        {mine?.elapsedMs !== undefined ? <p className="lead">{t('answered.receipt', { seconds: secondsWithTenths(mine.elapsedMs) })}</p> : null}
        {mine ? <YourAnswer question={question} answer={mine} /> : null}
        <p className="muted">{t('answered.waiting')}</p>
      </div>
    </div>
  );
}
