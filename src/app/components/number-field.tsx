/**
 * The back office's number input (Chakra NumberInput): never clamps what the user typed — a value out
 * of range stays as typed and the form shows its range message under the field on blur, as every
 * other field's rule does (the server's 422 stays the authority); the up/down buttons still stop at
 * the range; an empty input is not out of range (no red on load). The buttons' accessible names are translated ("Increase answering seconds" / 增加答題秒數).
 */
import { NumberInput, useFieldContext } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface NumberFieldProps {
  /** NaN shows an empty input. */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  /** The field's name, for the input and its buttons. */
  label: string;
  min?: number;
  max?: number;
  step?: number;
}

export function NumberField({ value, onChange, onBlur, label, min, max, step = 1 }: NumberFieldProps) {
  const { t } = useTranslation();
  const field = useFieldContext();
  // Zag counts an empty input as out of range (NaN is in no range) and paints it invalid on load: empty
  // is not a range error (an optional field may stay empty; a required one says so through its Field).
  const emptyIsValid = Number.isNaN(value) && !field?.invalid ? { invalid: false } : {};
  return (
    <NumberInput.Root
      size="sm"
      min={min}
      max={max}
      step={step}
      {...emptyIsValid}
      clampValueOnBlur={false}
      value={Number.isNaN(value) ? '' : String(value)}
      onValueChange={({ valueAsNumber }) => onChange(valueAsNumber)}
      translations={{ incrementLabel: t('numberInput.increment', { label }), decrementLabel: t('numberInput.decrement', { label }) }}
    >
      <NumberInput.Control />
      <NumberInput.Input aria-label={label} onBlur={onBlur} />
    </NumberInput.Root>
  );
}
