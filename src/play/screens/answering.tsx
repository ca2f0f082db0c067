/** `inGame.answering`: the question, the countdown and the options (one tap, or a choice and "submit"). */
import { useState } from 'react';
import type { PlayerEvent } from '@machines/player/types';
import { selectCanAnswer, selectError, selectIsSubmitting, selectQuestion, selectRemainingSeconds } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { kindOf } from '@/domain/question-kinds';
import { PlayerActor } from '../player-context';
import { QuestionHead } from './parts';

/** The answer as tapped now (this phone's clock, shown while it waits for the network). */
const answerEvent = (choices: string[]): PlayerEvent => ({ type: 'player.answer', choices, tappedAt: Date.now() });

export function AnsweringScreen() {
  const t = useT();
  const actor = PlayerActor.useActorRef();
  const question = PlayerActor.useSelector(selectQuestion);
  const seconds = PlayerActor.useSelector(selectRemainingSeconds);
  const canAnswer = PlayerActor.useSelector(selectCanAnswer);
  const submitting = PlayerActor.useSelector(selectIsSubmitting);
  const error = PlayerActor.useSelector(selectError);
  const [selected, setSelected] = useState<string[]>([]);
  const [questionId, setQuestionId] = useState<number | null>(null);
  if (question && question.id !== questionId) {
    setQuestionId(question.id);
    setSelected([]);
  }
  if (!question) return null;
  const kind = kindOf(question.questionType);
  const multiple = kind.pick === 'several';

  const tap = (title: string) => {
    if (!canAnswer) return;
    if (!multiple) {
      setSelected([title]);
      actor.send(answerEvent([title]));
      return;
    }
    setSelected((current) => (current.includes(title) ? current.filter((c) => c !== title) : [...current, title].sort()));
  };

  return (
    <div className="question">
      <QuestionHead question={question} seconds={seconds} />
      <p className="hint">{t(`question.${kind.label}`)}</p>
      <div className={`options n${question.options.length}`} role={multiple ? 'group' : undefined}>
        {question.options.map((option) => {
          const isSelected = selected.includes(option.title);
          return (
            <button
              key={option.title}
              type="button"
              className={`option opt-${option.title}${isSelected ? ' selected' : ''}`}
              aria-pressed={multiple ? isSelected : undefined}
              disabled={!canAnswer}
              data-option={option.title}
              onClick={() => tap(option.title)}
            >
              <span className="letter" aria-hidden="true">
                {option.title}
              </span>
              <span className="text">
                <span className="sr-only">{t('question.option', { title: option.title })} </span>
                {option.text}
              </span>
              {option.img ? <img src={option.img} alt="" /> : null}
              {isSelected && multiple ? <span className="tick">{t('question.selected')}</span> : null}
            </button>
          );
        })}
      </div>
      {multiple ? (
        <button
          type="button"
          className="primary big submit"
          disabled={!canAnswer || selected.length === 0}
          onClick={() => actor.send(answerEvent(selected))}
        >
          {submitting ? t('question.sending') : t('question.submit')}
        </button>
      ) : submitting ? (
        <p className="center muted">{t('question.sending')}</p>
      ) : null}
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
