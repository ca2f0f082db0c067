/**
 * `inGame.answering`: the question, the countdown and the input its kind asks for (question-kinds/
 * labels.ts `input`): options to tap (one, or several and "submit"), an order to place, a text to
 * type or a value on a slider. The input is keyed by the question, so a new question starts empty.
 */
import type { ComponentType } from 'react';
import type { AnswerParts } from '@machines/player/types';
import { selectCanAnswer, selectError, selectIsSubmitting, selectQuestion, selectRemainingSeconds } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { kindLabelOf, type KindLabelParts } from '@/domain/question-kinds/labels';
import { PlayerActor } from '../player-context';
import { ChoiceInput } from './inputs/choice-input';
import { OrderInput } from './inputs/order-input';
import { SliderInput } from './inputs/slider-input';
import { TextInput } from './inputs/text-input';
import type { AnswerInputProps } from './inputs/types';
import { QuestionHead } from './parts';

/** The phone's input of each kind of input; a content slide ('none') is never answered (the chart never gets here). */
const INPUTS: { [I in KindLabelParts['input']]: ComponentType<AnswerInputProps> | null } = {
  one: ChoiceInput,
  several: ChoiceInput,
  order: OrderInput,
  text: TextInput,
  value: SliderInput,
  none: null,
};

export function AnsweringScreen() {
  const t = useT();
  const actor = PlayerActor.useActorRef();
  const question = PlayerActor.useSelector(selectQuestion);
  const seconds = PlayerActor.useSelector(selectRemainingSeconds);
  const canAnswer = PlayerActor.useSelector(selectCanAnswer);
  const submitting = PlayerActor.useSelector(selectIsSubmitting);
  const error = PlayerActor.useSelector(selectError);
  if (!question) return null;
  const kind = kindLabelOf(question.questionType);
  const Input = INPUTS[kind.input];
  // The answer as tapped now (this phone's clock, shown while it waits for the network).
  const answer = (parts: AnswerParts) => actor.send({ type: 'player.answer', ...parts, tappedAt: Date.now() });

  return (
    <div className="question" data-kind={kind.label}>
      <QuestionHead question={question} seconds={seconds} />
      <p className="hint">{t(`question.${kind.label}`)}</p>
      {Input ? <Input key={question.id} question={question} canAnswer={canAnswer} submitting={submitting} onAnswer={answer} /> : null}
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
