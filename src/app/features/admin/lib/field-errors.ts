/** The server's 422 messages as the admin dialogs show them: per field, items included (`roles`, `roles.0`). */
import type { FieldErrors } from '@/app/api/api';

export const messagesOf = (errors: FieldErrors, field: string): string[] =>
  Object.entries(errors).flatMap(([name, list]) => (name === field || name.startsWith(`${field}.`) ? list : []));

/** `errors` without the messages of `fields` (the user changed them). */
export const withoutFields = (errors: FieldErrors, ...fields: string[]): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => !fields.some((field) => name === field || name.startsWith(`${field}.`))));
