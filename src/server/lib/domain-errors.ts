/**
 * Turns the message keys returned by the shared domain rules (src/domain) into a 422 FieldErrors in
 * the request's language, so the server and the SPA show the same sentence for the same rule.
 */
import { formatDomainMessage } from '../../domain/messages.js';
import type { FieldErrorKeys } from '../../domain/question-rules.js';
import type { Lang } from '../i18n.js';
import { FieldErrors } from './envelope.js';

export function translateFieldErrors(lang: Lang, errors: FieldErrorKeys): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => formatDomainMessage(lang, key))]));
}

/** Throws a 422 when the domain rules found anything. */
export function assertNoFieldErrors(lang: Lang, errors: FieldErrorKeys): void {
  if (Object.keys(errors).length > 0) throw new FieldErrors(translateFieldErrors(lang, errors));
}
