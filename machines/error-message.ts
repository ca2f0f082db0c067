/**
 * The message a machine keeps of a failed call, for every machine in machines/: an Error's (or a
 * `{ message }` envelope's) message, a non-empty string as it is, else FALLBACK_ERROR ('Has Error',
 * word for word: docs/product.md). The words come from the server or the API client, already in the
 * user's language.
 */
export const FALLBACK_ERROR = 'Has Error';

export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return FALLBACK_ERROR;
}
