/**
 * Slider: a range input across the card with a big thumb, the value shown large with its unit, − and +
 * for exact steps (a thumb cannot always land on one), and Submit. Starts at the step nearest the middle.
 */
import { useId, useState } from 'react';
import { currentLanguage, useT } from '@/audience/i18n';
import { formatValue, sliderMove, sliderStart, sliderValue } from '@/audience/question-view';
import { SubmitButton } from './submit-button';
import type { AnswerInputProps } from './types';

export function SliderInput({ question, canAnswer, submitting, onAnswer }: AnswerInputProps) {
  const t = useT();
  const id = useId();
  const scale = question.slider ?? { min: 0, max: 100, step: 1, unit: '' };
  const [value, setValue] = useState(() => sliderStart(scale));
  const shown = formatValue(value, scale.unit, currentLanguage());
  return (
    <div className="slider card">
      <label htmlFor={id} className="sr-only">
        {t('question.sliderLabel')}
      </label>
      <output htmlFor={id} className="slider-value" data-testid="slider-value" aria-live="polite">
        {shown}
      </output>
      <input
        id={id}
        type="range"
        className="range"
        min={scale.min}
        max={scale.max}
        step={scale.step}
        value={value}
        aria-valuetext={shown}
        disabled={!canAnswer}
        onChange={(e) => setValue(sliderValue(scale, Number(e.target.value)))}
      />
      <div className="slider-scale muted" aria-hidden="true">
        <span>{formatValue(scale.min, scale.unit, currentLanguage())}</span>
        <span>{formatValue(scale.max, scale.unit, currentLanguage())}</span>
      </div>
      <div className="slider-steps">
        <button type="button" className="step-button" aria-label={t('question.less')} disabled={!canAnswer || value <= scale.min} onClick={() => setValue(sliderMove(scale, value, -1))}>
          −
        </button>
        <button type="button" className="step-button" aria-label={t('question.more')} disabled={!canAnswer || value >= scale.max} onClick={() => setValue(sliderMove(scale, value, 1))}>
          +
        </button>
      </div>
      <SubmitButton disabled={!canAnswer} submitting={submitting} onClick={() => onAnswer({ value })} />
    </div>
  );
}
