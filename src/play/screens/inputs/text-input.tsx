/**
 * Type answer: a text field of at most TYPED_MAX characters (as people count them: an emoji is one),
 * its counter, and Submit; Enter submits too. On focus the field scrolls to the middle of what the
 * soft keyboard leaves visible, so the keyboard never covers it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useT } from '@/audience/i18n';
import { SubmitButton } from './submit-button';
import type { AnswerInputProps } from './types';

/** The play API's limit of a typed answer, in characters after trimming. */
export const TYPED_MAX = 60;

const characters = (text: string) => [...text];

export function TextInput({ canAnswer, submitting, onAnswer }: AnswerInputProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const trimmed = text.normalize('NFC').trim();
  const count = characters(trimmed).length;
  const ready = canAnswer && count > 0 && count <= TYPED_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onAnswer({ text: trimmed });
  };

  return (
    <form className="typed card" onSubmit={submit}>
      <label className="field" htmlFor={id}>
        <span>{t('question.textLabel')}</span>
      </label>
      <input
        id={id}
        name="answer"
        className="typed-input"
        autoComplete="off"
        autoCapitalize="off"
        enterKeyHint="send"
        placeholder={t('question.textPlaceholder')}
        value={text}
        disabled={!canAnswer}
        aria-describedby={`${id}-count`}
        onChange={(e) => setText(characters(e.target.value).slice(0, TYPED_MAX).join(''))}
        onFocus={(e) => {
          const field = e.currentTarget;
          // After the keyboard has opened (the visual viewport shrank): keep the field in sight.
          setTimeout(() => field.scrollIntoView({ block: 'center', behavior: 'smooth' }), 300);
        }}
      />
      <small id={`${id}-count`} className="muted counter" data-testid="typed-count">
        {t('question.textCount', { typed: characters(text).length, max: TYPED_MAX })}
      </small>
      <SubmitButton disabled={!ready} submitting={submitting} />
    </form>
  );
}
