/**
 * `inGame.revealed`: right or wrong and own points (a poll: thanks for voting, no points), then what the
 * kind reveals — the correct options, the accepted answers (type answer), the correct value and its
 * tolerance (slider), the correct order (ordering), a poll's votes — and the explanation.
 */
import type { PlayerReveal, PublicQuestion, Votes } from '@machines/player/types';
import { selectCorrectAnswer, selectMyAnswer, selectQuestion, selectReveal, selectScore, selectView, selectVotes } from '@machines/player/selectors';
import { currentLanguage, useT, type Translate } from '@/audience/i18n';
import { formatValue, optionName } from '@/audience/question-view';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { PlayerActor } from '../player-context';
import { viewOf } from './inputs/types';
import { eliminatedFrom, Explanation, Promotion, YourAnswer } from './parts';

/** The line of the correct answer as the kind reveals it; null when it has none (a poll) or it is not published. */
export function correctLine(question: PublicQuestion, answer: readonly string[] | null, reveal: PlayerReveal | null, t: Translate): string | null {
  const kind = kindLabelOf(question.questionType);
  const names = (answer ?? []).map((title) => optionName(viewOf(question), title, t));
  switch (kind.input) {
    case 'text':
      return reveal && reveal.acceptedAnswers.length > 0 ? t('revealed.acceptedAnswers', { answer: reveal.acceptedAnswers.join('、') }) : null;
    case 'value':
      return reveal?.sliderAnswer === null || reveal?.sliderAnswer === undefined ? null : t('revealed.sliderAnswer', { value: formatValue(reveal.sliderAnswer, question.slider?.unit ?? '', currentLanguage()) });
    case 'order':
      return names.length > 0 ? t('revealed.correctOrder', { order: names.join(' → ') }) : null;
    case 'none':
      return null;
    default:
      return kind.scored && names.length > 0 ? t('revealed.correctAnswer', { answer: names.join('、') }) : null;
  }
}

/** A poll's votes per option, as the game's topic published them with the answer. */
function VoteList({ question, votes }: { question: PublicQuestion; votes: Votes }) {
  const t = useT();
  const most = Math.max(1, ...question.options.map((option) => votes.counts[option.title] ?? 0));
  return (
    <section className="votes" data-testid="votes">
      <h2>{t('revealed.votesTitle')}</h2>
      <ul>
        {question.options.map((option) => {
          const count = votes.counts[option.title] ?? 0;
          return (
            <li key={option.title} data-option={option.title} data-count={count}>
              <span className="vote-name">{optionName(viewOf(question), option.title, t)}</span>
              <span className="vote-count">{t('revealed.votes', { count })}</span>
              <span className={`vote-bar opt-${option.title}`} style={{ width: `${Math.max(2, (count / most) * 100)}%` }} aria-hidden="true" />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function RevealedScreen() {
  const t = useT();
  const view = PlayerActor.useSelector(selectView);
  const question = PlayerActor.useSelector(selectQuestion);
  const mine = PlayerActor.useSelector(selectMyAnswer);
  const score = PlayerActor.useSelector(selectScore);
  const answer = PlayerActor.useSelector(selectCorrectAnswer);
  const reveal = PlayerActor.useSelector(selectReveal);
  const votes = PlayerActor.useSelector(selectVotes);
  if (!question || !view) return null;
  const kind = kindLabelOf(question.questionType);
  const eliminated = eliminatedFrom(view);
  const verdict = !kind.scored ? (mine ? 'voted' : 'noVote') : !mine ? 'noAnswer' : mine.correct ? 'correct' : 'wrong';
  const title = { voted: t('revealed.thanksVoting'), noVote: t('revealed.noVote'), noAnswer: t('revealed.noAnswer'), correct: t('revealed.correct'), wrong: t('revealed.wrong') }[verdict];
  const correct = correctLine(question, answer, reveal, t);
  const tolerance = kind.input === 'value' && reveal?.sliderTolerance ? formatValue(reveal.sliderTolerance, question.slider?.unit ?? '', currentLanguage()) : null;
  return (
    <div className="question">
      <div className={`card center result ${verdict}`} data-testid="result" data-verdict={verdict}>
        <div className="verdict-icon" aria-hidden="true">
          {verdict === 'correct' || verdict === 'voted' ? '✓' : verdict === 'wrong' ? '✗' : '–'}
        </div>
        <h1>{title}</h1>
        {mine && kind.scored ? <p className="points">{t('revealed.points', { count: mine.points ?? 0 })}</p> : null}
        {mine ? <YourAnswer question={question} answer={mine} className="muted" /> : null}
        {correct ? (
          <p className="answer-line" data-testid="correct-answer">
            {correct}
          </p>
        ) : null}
        {tolerance ? <p className="muted">{t('revealed.sliderTolerance', { tolerance })}</p> : null}
        <p className="lead">{t('revealed.total', { score })}</p>
        <Promotion view={view} />
        {eliminated !== null ? <p className="alert">{t('watching.levelNotReached')}</p> : null}
        <p className="muted">{t('revealed.waitingRanking')}</p>
      </div>
      {!kind.scored && votes ? <VoteList question={question} votes={votes} /> : null}
      {reveal ? <Explanation html={reveal.explanation} /> : null}
    </div>
  );
}
