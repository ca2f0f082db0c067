/**
 * A labelled form field (the label may be left out) that shows its messages (rule and server) under the
 * control, in red; `FormFieldset` does the same for a group of choices (checkboxes, a tree) under a legend.
 */
import { Field, Fieldset } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps {
  label?: ReactNode;
  messages?: readonly string[] | undefined;
  helper?: ReactNode;
  required?: boolean;
  children: ReactNode;
  testId?: string;
}

export function FormField({ label, messages, helper, required = false, children, testId }: FormFieldProps) {
  const invalid = (messages?.length ?? 0) > 0;
  return (
    <Field.Root invalid={invalid} required={required} gap="1" data-testid={testId}>
      {label !== undefined && (
        <Field.Label textStyle="sm">
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      {children}
      {helper !== undefined && !invalid && <Field.HelperText textStyle="xs">{helper}</Field.HelperText>}
      {invalid && <Field.ErrorText textStyle="xs">{messages!.join(' ')}</Field.ErrorText>}
    </Field.Root>
  );
}

interface FormFieldsetProps {
  legend: ReactNode;
  messages: readonly string[];
  /** Said under the legend, messages or not. */
  helper?: ReactNode;
  children: ReactNode;
}

export function FormFieldset({ legend, messages, helper, children }: FormFieldsetProps) {
  return (
    <Fieldset.Root invalid={messages.length > 0}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      {helper !== undefined && <Fieldset.HelperText textStyle="xs">{helper}</Fieldset.HelperText>}
      {children}
      <Fieldset.ErrorText textStyle="xs">{messages.join(' ')}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
