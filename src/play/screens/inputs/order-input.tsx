/**
 * Ordering by tap-to-place (no dragging): the options listed by letter; a tap puts one next in the
 * order and marks it 1., 2., …; a tap on a placed one takes it out. Submit once every option is placed;
 * the answer is every title in the order placed.
 */
import { useState } from 'react';
import { useT } from '@/audience/i18n';
import { optionName, placeInOrder, placeOf } from '@/audience/question-view';
import { SubmitButton } from './submit-button';
import { viewOf, type AnswerInputProps } from './types';

export function OrderInput({ question, canAnswer, submitting, onAnswer }: AnswerInputProps) {
  const t = useT();
  const [order, setOrder] = useState<string[]>([]);
  const total = question.options.length;
  const view = viewOf(question);
  return (
    <>
      <div className="options ordering" role="group" aria-describedby="order-status">
        {question.options.map((option) => {
          const place = placeOf(order, option.title);
          return (
            <button
              key={option.title}
              type="button"
              className={`option opt-${option.title}${place ? ' selected placed' : ''}`}
              aria-pressed={place !== null}
              disabled={!canAnswer}
              data-option={option.title}
              data-place={place ?? undefined}
              onClick={() => canAnswer && setOrder((current) => placeInOrder(current, option.title))}
            >
              <span className="place" aria-hidden="true">
                {place ? `${place}.` : ''}
              </span>
              <span className="text">
                <span className="sr-only">{place ? t('question.place', { place }) : t('question.notPlaced')} </span>
                <span className="letter-inline" aria-hidden="true">
                  {option.title}.{' '}
                </span>
                {option.text}
              </span>
              {option.img ? <img src={option.img} alt="" /> : null}
            </button>
          );
        })}
      </div>
      <p id="order-status" className="center muted" data-testid="order-status">
        {t('question.orderPlaced', { placed: order.length, total })}
        {order.length > 0 ? ` · ${t('question.orderUndo')}` : ''}
      </p>
      {order.length > 0 ? (
        <ol className="order-preview" aria-label={t('question.ordering')}>
          {order.map((title) => (
            <li key={title}>{optionName(view, title, t)}</li>
          ))}
        </ol>
      ) : null}
      <SubmitButton disabled={!canAnswer || order.length !== total} submitting={submitting} onClick={() => onAnswer({ choices: order })} />
    </>
  );
}
