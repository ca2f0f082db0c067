/**
 * How the audience's screens (the phone, the display) name what a question asks and what was
 * answered, per kind: the options' names (true/false's fixed 對 / 錯, True / False, in the viewer's
 * language), an answer as a line of text (options, an order, a typed text, a value with its unit), the
 * slider's values and steps, and the phone's tap-to-place order. Reads the kinds' light table
 * (question-kinds/labels.ts), never question-kinds/index.ts (its answer checking carries the Chinese
 * script tables). Pure.
 */
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { snap } from '@/domain/question-kinds/slider';
import type { Translate } from './i18n';

/** What these helpers read of a question: its kind and options (either page's shape maps to it). */
export interface KindQuestionView {
  type: number;
  options: ReadonlyArray<{ title: string; text: string }>;
  /** A slider's scale (kind 6); null for the others. */
  slider: SliderScale | null;
}

export interface SliderScale {
  min: number;
  max: number;
  step: number;
  unit: string;
}

/** An answer as the screens show it (the play API's MyAnswer parts). */
export interface ShownAnswer {
  choices?: readonly string[];
  text?: string | null;
  value?: number | null;
}

/** True/false names its two fixed options (A true, B false) in the viewer's language, never by their stored text. */
export const hasFixedNames = (type: number): boolean => kindLabelOf(type).label === 'trueFalse';

/** An option's name alone: its text, or 對 / 錯 for true/false. */
export function optionText(question: KindQuestionView, title: string, t: Translate): string {
  if (hasFixedNames(question.type)) return title === 'A' ? t('question.true') : t('question.false');
  return question.options.find((option) => option.title === title)?.text ?? '';
}

/** An option as a line names it: "A. 玉山", or 對 / 錯 for true/false. */
export function optionName(question: KindQuestionView, title: string, t: Translate): string {
  if (hasFixedNames(question.type)) return optionText(question, title, t);
  return `${title}. ${optionText(question, title, t)}`.trim();
}

/** A number as the viewer reads it (their language's digits and separators), with the slider's unit. */
export function formatValue(value: number, unit: string, lang: string): string {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(value);
  return unit ? `${number} ${unit}` : number;
}

/** An answer as one line: the options chosen, the order placed (A → C → B), the typed text, or the value. */
export function answerLine(question: KindQuestionView, answer: ShownAnswer, t: Translate, lang: string): string {
  const input = kindLabelOf(question.type).input;
  if (input === 'text') return answer.text ? `「${answer.text}」` : '';
  if (input === 'value') return answer.value === null || answer.value === undefined ? '' : formatValue(answer.value, question.slider?.unit ?? '', lang);
  const names = (answer.choices ?? []).map((title) => optionName(question, title, t));
  return names.join(input === 'order' ? ' → ' : '、');
}

/** The slider's value on its step grid and inside its scale. */
export function sliderValue(scale: SliderScale, value: number): number {
  const on = snap({ ...scale, answer: scale.min, tolerance: 0 }, value);
  return Math.min(scale.max, Math.max(scale.min, on));
}

/** Where the slider starts before the player moves it: the step nearest the middle of the scale. */
export const sliderStart = (scale: SliderScale): number => sliderValue(scale, (scale.min + scale.max) / 2);

/** The value `steps` steps away (the − and + buttons), kept inside the scale. */
export const sliderMove = (scale: SliderScale, value: number, steps: number): number => sliderValue(scale, value + steps * scale.step);

/**
 * Tap-to-place: tapping an option not placed yet puts it next in the order; tapping a placed one
 * takes it out (and the ones after it move up a place).
 */
export function placeInOrder(order: readonly string[], title: string): string[] {
  return order.includes(title) ? order.filter((placed) => placed !== title) : [...order, title];
}

/** The place (1, 2, …) of an option in the order so far; null when not placed yet. */
export function placeOf(order: readonly string[], title: string): number | null {
  const index = order.indexOf(title);
  return index < 0 ? null : index + 1;
}
