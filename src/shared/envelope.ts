/**
 * The envelope every API call answers with — `{code, message, data}`, the message already in the
 * request's language (docs/api-conventions.md) — read one way by every page: the back office's client
 * (src/app/api/api.ts) and the audience's (src/audience/api.ts). Pure.
 */

export interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** A 422's messages by request field (`data.errors`). */
export type FieldErrors = Record<string, string[]>;

/** The envelope a response body holds, or null when it is none (no numeric `code`). */
export function asEnvelope(value: unknown): Envelope | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, message, data } = value as Record<string, unknown>;
  if (typeof code !== 'number') return null;
  return { code, message: typeof message === 'string' ? message : '', data };
}

/** A refusal's messages by field (`data.errors` of a 422); none for any other envelope. */
export function fieldErrorsOf(envelope: Envelope): FieldErrors {
  const errors = (envelope.data as { errors?: unknown } | null)?.errors;
  return typeof errors === 'object' && errors !== null && !Array.isArray(errors) ? (errors as FieldErrors) : {};
}

/** The one sentence for a refusal: a 422's first field message, else the envelope's message ('' if none). */
export function envelopeMessage(envelope: Envelope): string {
  if (envelope.code === 422) {
    const first = Object.values(fieldErrorsOf(envelope)).flat()[0];
    if (first) return first;
  }
  return envelope.message;
}
