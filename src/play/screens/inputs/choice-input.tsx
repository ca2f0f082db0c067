/**
 * Options to tap: one tap answers (single choice, true/false, poll), or several are selected and then
 * submitted (multiple choice). True/false shows its two fixed options as two big buttons named 對 / 錯
 * (True / False) in the page's language.
 */
import { useState } from 'react';
import { useT } from '@/audience/i18n';
import { hasFixedNames, optionText } from '@/audience/question-view';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { SubmitButton } from './submit-button';
import { viewOf, type AnswerInputProps } from './types';

export function ChoiceInput({ question, canAnswer, submitting, onAnswer }: AnswerInputProps) {
  const t = useT();
  const [selected, setSelected] = useState<string[]>([]);
  const multiple = kindLabelOf(question.questionType).input === 'several';
  const fixed = hasFixedNames(question.questionType);
  const view = viewOf(question);

  const tap = (title: string) => {
    if (!canAnswer) return;
    if (!multiple) {
      setSelected([title]);
      onAnswer({ choices: [title] });
      return;
    }
    setSelected((current) => (current.includes(title) ? current.filter((c) => c !== title) : [...current, title].sort()));
  };

  return (
    <>
      <div className={`options n${question.options.length}${fixed ? ' true-false' : ''}`} role={multiple ? 'group' : undefined}>
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
              {fixed ? null : (
                <span className="letter" aria-hidden="true">
                  {option.title}
                </span>
              )}
              <span className="text">
                {fixed ? null : <span className="sr-only">{t('question.option', { title: option.title })} </span>}
                {optionText(view, option.title, t)}
              </span>
              {option.img && !fixed ? <img src={option.img} alt="" /> : null}
              {isSelected && multiple ? <span className="tick">{t('question.selected')}</span> : null}
            </button>
          );
        })}
      </div>
      {multiple ? (
        <SubmitButton disabled={!canAnswer || selected.length === 0} submitting={submitting} onClick={() => onAnswer({ choices: selected })} />
      ) : submitting ? (
        <p className="center muted">{t('question.sending')}</p>
      ) : null}
    </>
  );
}
