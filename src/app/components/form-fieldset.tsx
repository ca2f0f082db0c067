/**
 * A group of choices (checkboxes, a tree) under a legend, with its helper and its messages in red, as
 * ./form-field.tsx shows one field's. Apart from it so that a page with no group does not load Fieldset.
 */
import { Fieldset } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
