/** A labelled field of the admin dialogs, with its messages (the server's 422 or a rule's) under it in red. */
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
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
      <Field.Label textStyle="sm">
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper !== undefined && !invalid && <Field.HelperText textStyle="xs">{helper}</Field.HelperText>}
      {invalid && <Field.ErrorText textStyle="xs">{messages!.join(' ')}</Field.ErrorText>}
    </Field.Root>
  );
}
