/**
 * A content slide (question kind 8) on the phone: its title, text, image and video as the display
 * shows them, with no input and no countdown (the player chart watches it, see its selectors).
 */
import { selectQuestion } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';

export function SlideScreen() {
  const t = useT();
  const question = PlayerActor.useSelector(selectQuestion);
  if (!question) return null;
  return (
    <article className="card slide" data-testid="slide">
      <p className="tag">{t('slide.label')}</p>
      <h1 className="q-text">{question.title}</h1>
      {question.questionText && question.questionText !== question.title ? <p className="slide-text">{question.questionText}</p> : null}
      {question.questionImg ? <img className="q-img" src={question.questionImg} alt="" /> : null}
      {question.preVideoUrl ? <video className="q-img" src={question.preVideoUrl} controls playsInline muted data-testid="slide-video" /> : null}
      <p className="muted">{t('slide.noAnswer')}</p>
    </article>
  );
}
