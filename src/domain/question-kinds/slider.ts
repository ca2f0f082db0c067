/**
 * Kind 6, slider: `slider {min, max, step, answer, tolerance, unit}`; the player picks a value from
 * min to max on a step; right when it is within `tolerance` of `answer`. The reveal is the histogram of
 * the values with the answer marked.
 */
import { noParts, noReveal, noStatistics, pointsOf } from './choice.js';
import type { QuestionKind, SliderSettings } from './kind.js';
import { kindLabels } from './labels.js';

/** Most steps a slider may have (a phone's thumb cannot pick among more anyway). */
export const MAX_SLIDER_STEPS = 10_000;
export const HISTOGRAM_BINS = 10;
export const MAX_UNIT_LENGTH = 20;
/** Floating-point slack when checking steps and tolerance (values are decimals sent as JSON numbers). */
const EPSILON = 1e-9;

const stepsFrom = (slider: SliderSettings, value: number): number => (value - slider.min) / slider.step;
const onStep = (slider: SliderSettings, value: number): boolean => {
  const steps = stepsFrom(slider, value);
  return Math.abs(steps - Math.round(steps)) <= EPSILON * Math.max(1, Math.abs(steps));
};
/** A value on the step grid, without the float noise of the division (0.1 + 0.2). */
export const snap = (slider: SliderSettings, value: number): number =>
  Number((slider.min + Math.round(stepsFrom(slider, value)) * slider.step).toPrecision(12));

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const within = (slider: SliderSettings | null, value: number | null): boolean =>
  slider !== null && value !== null && Math.abs(value - slider.answer) <= slider.tolerance + EPSILON;

/** The values counted in up to HISTOGRAM_BINS equal ranges from min to max (the last includes max). */
export function histogram(slider: SliderSettings, values: readonly number[]): Array<{ from: number; to: number; count: number }> {
  const steps = Math.round((slider.max - slider.min) / slider.step);
  const bins = Math.max(1, Math.min(HISTOGRAM_BINS, steps));
  const width = (slider.max - slider.min) / bins;
  const counts = Array.from({ length: bins }, (_, i) => ({ from: Number((slider.min + i * width).toPrecision(12)), to: Number((slider.min + (i + 1) * width).toPrecision(12)), count: 0 }));
  for (const value of values) {
    const index = Math.min(bins - 1, Math.max(0, Math.floor((value - slider.min) / width)));
    counts[index]!.count += 1;
  }
  return counts;
}

export const slider = {
  ...kindLabels[6],
  parts: (draft) => ({ ...noParts(), slider: draft.slider ? { ...draft.slider, unit: draft.slider.unit.trim() } : null }),
  validate: (draft, add) => {
    const s = draft.slider;
    if (!s || ![s.min, s.max, s.step, s.answer, s.tolerance].every(isNumber)) {
      add('slider', 'question.sliderRequired');
      return;
    }
    if (!(s.max > s.min)) add('slider.max', 'question.sliderRange');
    else if (!(s.step > 0) || !onStep(s, s.max)) add('slider.step', 'question.sliderStep');
    else if (stepsFrom(s, s.max) > MAX_SLIDER_STEPS + EPSILON) add('slider.step', 'question.sliderStepCount');
    else if (s.answer < s.min || s.answer > s.max || !onStep(s, s.answer)) add('slider.answer', 'question.sliderAnswer');
    if (!(s.tolerance >= 0)) add('slider.tolerance', 'question.sliderTolerance');
    if ([...(s.unit ?? '').trim()].length > MAX_UNIT_LENGTH) add('slider.unit', 'question.sliderUnit');
  },
  toggleAnswer: () => [],
  checkAnswer: (question, input) => {
    if (input.choices !== undefined || input.text !== undefined || !isNumber(input.value)) return 'wrongInput';
    const s = question.slider;
    if (!s) return 'wrongInput';
    if (input.value < s.min - EPSILON || input.value > s.max + EPSILON) return 'outOfRange';
    return onStep(s, input.value) ? null : 'offStep';
  },
  normalizeAnswer: (question, input) => ({ choices: [], text: null, value: question.slider ? snap(question.slider, input.value ?? 0) : (input.value ?? null) }),
  isCorrect: (question, answer) => within(question.slider, answer.value),
  score: (question, answer) => pointsOf(question, answer, within(question.slider, answer.value)),
  reveal: (question) => ({ ...noReveal(), slider_answer: question.slider?.answer ?? null, slider_tolerance: question.slider?.tolerance ?? null }),
  statistics: (question, answers) => ({
    ...noStatistics(),
    histogram: question.slider ? histogram(question.slider, answers.flatMap((a) => (a.value === null ? [] : [a.value]))) : [],
  }),
  exportAnswer: (answer) => (answer.value === null ? '' : String(answer.value)),
  exportCorrect: (question) => (question.slider ? `${question.slider.answer} ± ${question.slider.tolerance}${question.slider.unit ? ` ${question.slider.unit}` : ''}` : ''),
  botAnswer: (question, random, right) => {
    const s = question.slider;
    if (!s) return { value: 0 };
    if (right) return { value: s.answer };
    const steps = Math.round((s.max - s.min) / s.step);
    for (let attempt = 0; attempt < 16; attempt++) {
      const value = snap(s, s.min + Math.floor(random() * (steps + 1)) * s.step);
      if (!within(s, value)) return { value };
    }
    return { value: Math.abs(s.max - s.answer) > Math.abs(s.min - s.answer) ? s.max : s.min };
  },
  fairPlayKey: (answer) => (answer.value === null ? '' : String(answer.value)),
} as const satisfies QuestionKind;
