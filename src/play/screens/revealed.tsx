/** `inGame.revealed`: right or wrong, own points, the correct answer. */
import type { PublicQuestion } from '@machines/player/types';
import { selectCorrectAnswer, selectMyAnswer, selectQuestion, selectScore, selectView } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';
import { eliminatedFrom, optionLabel, Promotion } from './parts';

function CorrectAnswer({ question }: { question: PublicQuestion }) {
  const t = useT();
  const answer = PlayerActor.useSelector(selectCorrectAnswer);
  if (!answer) return null;
  return <p className="answer-line">{t('revealed.correctAnswer', { answer: optionLabel(question, answer) })}</p>;
}

export function RevealedScreen() {
  const t = useT();
  const view = PlayerActor.useSelector(selectView);
  const question = PlayerActor.useSelector(selectQuestion);
  const mine = PlayerActor.useSelector(selectMyAnswer);
  const score = PlayerActor.useSelector(selectScore);
  if (!question || !view) return null;
  const eliminated = eliminatedFrom(view);
  const verdict = !mine ? 'noAnswer' : mine.correct ? 'correct' : 'wrong';
  return (
    <div className="question">
      <div className={`card center result ${verdict}`} data-testid="result" data-verdict={verdict}>
        <div className="verdict-icon" aria-hidden="true">
          {verdict === 'correct' ? '✓' : verdict === 'wrong' ? '✗' : '–'}
        </div>
        <h1>{t(`revealed.${verdict}`)}</h1>
        {mine ? <p className="points">{t('revealed.points', { count: mine.points ?? 0 })}</p> : null}
        {mine ? <p className="muted">{t('answered.yourChoice', { choices: optionLabel(question, mine.choices) })}</p> : null}
        <CorrectAnswer question={question} />
        <p className="lead">{t('revealed.total', { score })}</p>
        <Promotion view={view} />
        {eliminated !== null ? <p className="alert">{t('watching.levelNotReached')}</p> : null}
        <p className="muted">{t('revealed.waitingRanking')}</p>
      </div>
    </div>
  );
}
