/**
 * The state every back-office form keeps around its save: the busy flag, and the server's 422 messages
 * by field, shown under the fields until the user changes them. Any other refusal (201 message, 500,
 * network) is already told to the user by the API client, so the form only stops being busy.
 * `useFormDialog` adds a dialog's reset: a fresh form, without old messages, each time it opens.
 */
import { useState } from 'react';
import { type FieldErrors, isApiError } from '@/app/api/api';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';

/** `field`, and its items too (`roles` takes `roles.0`): a list's message lands under the list. */
const isOf = (name: string, field: string) => name === field || name.startsWith(`${field}.`);

export interface FormSubmit {
  /** Runs the submit; a 422's messages land in `errors`. */
  save: () => Promise<void>;
  saving: boolean;
  errors: FieldErrors;
  /** The messages of a field and its items (empty when none). */
  messagesOf: (field: string) => string[];
  /** The messages of the fields the form does not show (they belong above it, or under its first field). */
  othersThan: (placed: readonly string[]) => string[];
  /** Forget the messages of these fields (the user changed them); of every field when none is named. */
  clear: (...fields: string[]) => void;
}

export function useFormSubmit(submit: () => Promise<void>): FormSubmit {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setErrors({});
    try {
      await submit();
    } catch (error) {
      if (isApiError(error, 'validation')) setErrors(error.fields);
    } finally {
      setSaving(false);
    }
  }

  const clear = (...fields: string[]) =>
    setErrors((current) =>
      fields.length === 0 ? {} : Object.fromEntries(Object.entries(current).filter(([name]) => !fields.some((field) => isOf(name, field)))),
    );
  const messagesOf = (field: string) => Object.entries(errors).flatMap(([name, list]) => (isOf(name, field) ? list : []));
  const othersThan = (placed: readonly string[]) =>
    Object.entries(errors).flatMap(([name, list]) => (placed.some((field) => isOf(name, field)) ? [] : list));
  return { save, saving, errors, messagesOf, othersThan, clear };
}

interface FormDialogOptions {
  open: boolean;
  /** The record edited (null = a new one): another record while open resets the form too. */
  record: unknown;
  /** Put the form's own fields back for `record`. */
  reset: () => void;
  submit: () => Promise<void>;
}

export function useFormDialog({ open, record, reset, submit }: FormDialogOptions): FormSubmit {
  const form = useFormSubmit(submit);
  useResetOnOpen(open, record, () => {
    reset();
    form.clear();
  });
  return form;
}
