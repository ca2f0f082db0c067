/**
 * The venue settings of a company (and of the server): the public base URL every address shown to
 * the audience starts with (join link, QR code), and the time zone of what the company exports.
 * Shared by the server (PUBLIC_URL at start, /company/create and /company/update) and the SPA's
 * company dialog. Returns message keys (messages.ts). Pure: no I/O, no imports from src/server or src/app.
 */

/** The contract's maxLength of `public_url`. */
export const PUBLIC_URL_MAX_LENGTH = 255;
/** A company's time zone when none was chosen (the schema's default). */
export const DEFAULT_TIME_ZONE = 'Asia/Taipei';

export type PublicUrlCheck = { ok: true; value: string | null } | { ok: false; key: 'venue.publicUrlInvalid' };

/**
 * A public base URL as stored: null when empty (the server's PUBLIC_URL applies), else an absolute
 * http(s) URL without credentials, query or fragment, its scheme and host lower-cased, without the
 * trailing slash (`https://Quiz.Example.com/` → `https://quiz.example.com`). A path is kept, for a
 * server behind a reverse proxy under a prefix.
 */
export function normalizePublicUrl(input: string | null | undefined): PublicUrlCheck {
  const text = (input ?? '').trim();
  if (text === '') return { ok: true, value: null };
  const invalid = { ok: false, key: 'venue.publicUrlInvalid' } as const;
  // Only the two schemes a phone's browser opens from a QR code; checked on the text because URL
  // would also accept "http:example.com".
  // eslint-disable-next-line no-control-regex -- control characters (and spaces) are exactly what is refused
  if (!/^https?:\/\/[^/?#\s]/i.test(text) || /[\s\u0000-\u001F\u007F]/.test(text)) return invalid;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return invalid;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return invalid;
  if (url.username || url.password || url.search || url.hash || text.includes('?') || text.includes('#')) return invalid;
  const value = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  return value.length > PUBLIC_URL_MAX_LENGTH ? invalid : { ok: true, value };
}

/** The IANA time zones this runtime knows, UTC included (Intl leaves it out of its list). */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  return zones.includes('UTC') ? [...zones] : [...zones, 'UTC'];
}

/** Whether `zone` is a time zone name this runtime knows, exactly as spelled in its list. */
export function isKnownTimeZone(zone: string): boolean {
  return knownTimeZones().includes(zone);
}

/** The address a player joins a game at: `<base>/play?pin=<pin>`, or null without a base. */
export function joinUrlOf(base: string | null, pin: string): string | null {
  return base ? `${base}/play?pin=${encodeURIComponent(pin)}` : null;
}
