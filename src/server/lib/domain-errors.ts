/**
 * Turns the message keys returned by the shared domain rules (src/domain) into a 422 FieldErrors in
 * the request's language, or into a business error (code 201) whose message is a domain sentence,
 * so the server and the SPA show the same sentence for the same rule.
 */
import { formatDomainMessage, type DomainMessage, type DomainMessageKey } from '../../domain/messages.js';
import type { Lang } from '../i18n.js';
import { FieldErrors } from './envelope.js';

/** Messages by request field: bare keys (question-rules' FieldErrorKeys), or keys with their `{name}` values. */
export type DomainFieldErrors = Record<string, ReadonlyArray<DomainMessageKey | DomainMessage>>;

/** One domain message in `lang`. */
export function translateDomainMessage(lang: Lang, message: DomainMessageKey | DomainMessage): string {
  return typeof message === 'string' ? formatDomainMessage(lang, message) : formatDomainMessage(lang, message.key, message.params);
}

export function translateFieldErrors(lang: Lang, errors: DomainFieldErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => translateDomainMessage(lang, key))]));
}

/** Throws a 422 when the domain rules found anything. */
export function assertNoFieldErrors(lang: Lang, errors: DomainFieldErrors): void {
  if (Object.keys(errors).length > 0) throw new FieldErrors(translateFieldErrors(lang, errors));
}

/**
 * A business error (HTTP 200, code 201) whose message is a domain rule's sentence (a guard rail of
 * src/domain/access-rules.ts, say); plugins/errors.ts writes it in the request's language.
 */
export class DomainRefusal extends Error {
  constructor(
    readonly key: DomainMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'DomainRefusal';
  }
}

/** `throw domainRefusal(refusals[0].key, refusals[0].params)`: code 201 with the rule's sentence. */
export const domainRefusal = (key: DomainMessageKey, params?: Record<string, string | number>) => new DomainRefusal(key, params);
