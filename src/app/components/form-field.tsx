/** A labelled form field (the label may be left out) that shows its messages (rule and server) under the control, in red. */
import { Field } from '@chakra-ui/react';
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
