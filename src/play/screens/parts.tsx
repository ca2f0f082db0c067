/** Pieces several player screens share: the question's head, an answer's line, the pending answer, the explanation, rank and promotion. */
import type { PlayerView, PublicQuestion } from '@machines/player/types';
import { selectPending, selectQuestion, selectRank, selectScore, selectView } from '@machines/player/selectors';
import { currentLanguage, useT } from '@/audience/i18n';
import { answerLine, type ShownAnswer } from '@/audience/question-view';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { ExplanationText, hasExplanation } from '@/audience/explanation-text';
import { PlayerActor } from '../player-context';
import { viewOf } from './inputs/types';

/** The phone's clock time of a tap, as the player reads it (hours, minutes, seconds). */
export const clockTime = (ms: number) => new Intl.DateTimeFormat(currentLanguage(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms);

/** "Your choice: …", "Your vote: …" (a poll) or "Your answer: …" (an order, a text, a value). */
export function YourAnswer({ question, answer, className }: { question: PublicQuestion; answer: ShownAnswer; className?: string }) {
  const t = useT();
  const kind = kindLabelOf(question.questionType);
  const line = answerLine(viewOf(question), answer, t, currentLanguage());
  const text =
    kind.input === 'one' || kind.input === 'several' ? t(kind.scored ? 'answered.yourChoice' : 'answered.yourVote', { choices: line }) : t('answered.yourAnswer', { answer: line });
  return (
    <p className={className} data-testid="your-answer">
      {text}
    </p>
  );
}

/**
 * The question's explanation after the answer is published: the server's sanitized rich text (bold,
 * italic, links), rendered as React elements (src/audience/explanation-text.tsx).
 */
export function Explanation({ html }: { html: string }) {
  const t = useT();
  if (!hasExplanation(html)) return null;
  return (
    <section className="explanation" data-testid="explanation">
      <h2>{t('revealed.explanation')}</h2>
      <ExplanationText html={html} />
    </section>
  );
}

export const eliminatedFrom = (view: PlayerView | null): number | null => {
  const q = view?.question;
  if (!q || q.question.level === null) return null;
  if (q.refusal === 'levelNotReached') return q.question.level;
  if (view.levelReached !== null && q.question.level > view.levelReached) return q.question.level;
  return null;
};

export function QuestionHead({ question, seconds }: { question: PublicQuestion; seconds?: number | null }) {
  const t = useT();
  return (
    <div className="q-head">
      <div className="q-meta">
        {question.level !== null ? <span className="tag">{t('question.level', { level: question.level })}</span> : null}
        {question.isBonus ? <span className="tag bonus">{t('question.bonus')}</span> : null}
        {seconds !== undefined ? (
          <span className={`countdown${seconds !== null && seconds <= 3 ? ' urgent' : ''}`} data-testid="countdown" role="timer" aria-live="off">
            {seconds === null ? t('question.untimed') : t('question.secondsLeft', { count: seconds })}
          </span>
        ) : null}
      </div>
      <h1 className="q-text">{question.questionText || question.title}</h1>
      {question.questionImg ? <img className="q-img" src={question.questionImg} alt="" /> : null}
    </div>
  );
}

/** The answer kept while the server cannot be reached: what was tapped, and when. */
export function PendingCard() {
  const t = useT();
  const pending = PlayerActor.useSelector(selectPending);
  const question = PlayerActor.useSelector(selectQuestion);
  if (!pending) return null;

  return (
    <div className="card center pending" data-testid="pending" role="status">
      <div className="check pending-icon" aria-hidden="true">
        …
      </div>
      <h2>{t('pending.title')}</h2>
      <p className="lead">{t('pending.lead')}</p>
      {question && question.id === pending.questionId ? (
        <YourAnswer question={question} answer={pending} />
      ) : (
        <p data-testid="your-answer">{t('answered.yourAnswer', { answer: pending.text ?? (pending.value !== undefined ? String(pending.value) : (pending.choices ?? []).join('、')) })}</p>
      )}
      <p className="muted" data-testid="pending-tapped">
        {t('pending.tappedAt', { time: clockTime(pending.tappedAt) })}
      </p>
    </div>
  );
}

export function Promotion({ view }: { view: PlayerView }) {
  const t = useT();
  const level = view.question?.question.level ?? null;
  if (level === null || view.levelReached === null || view.levelReached <= level) return null;
  return (
    <p className="promoted" data-testid="promoted">
      {t('revealed.promoted', { level: view.levelReached })}
    </p>
  );
}

export function RankBlock() {
  const t = useT();
  const rank = PlayerActor.useSelector(selectRank);
  const score = PlayerActor.useSelector(selectScore);
  const view = PlayerActor.useSelector(selectView);
  return (
    <>
      {rank ? (
        <>
          <p className="rank" data-testid="rank">
            {t('ranked.position', { position: rank.position })}
          </p>
          <p className="muted">{t('ranked.ofTotal', { count: rank.total })}</p>
        </>
      ) : (
        <p className="muted">{t('ranked.noRank')}</p>
      )}
      <p className="lead">{t('revealed.total', { score })}</p>
      {view?.levelReached !== null && view?.levelReached !== undefined ? <p className="pill">{t('ranked.level', { level: view.levelReached })}</p> : null}
    </>
  );
}
