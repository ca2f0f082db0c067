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

/**
 * Zones IANA renamed (tzdata's `backward` links) whose retired spelling Intl still lists: CLDR, which
 * Node's and Chromium's ICU follow, keeps the first name it knew, so Intl.supportedValuesOf offers
 * "Asia/Calcutta" and "Europe/Kiev". Each maps to its current name, which both runtimes accept too.
 */
export const RENAMED_TIME_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Whether this runtime's Intl formats in `zone` (any spelling it accepts, links included). */
function formatsIn(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone by its current IANA name: a retired spelling (a company saved before, an older client)
 * becomes the name the list offers now; any other name is left as it is. A runtime whose Intl does
 * not know the new name keeps the old one.
 */
export function currentTimeZoneName(zone: string): string {
  const renamed = RENAMED_TIME_ZONES[zone];
  return renamed !== undefined && formatsIn(renamed) ? renamed : zone;
}

let zoneList: string[] | null = null;

/** The IANA time zones this runtime knows by their current names, sorted, UTC included (Intl leaves it out of its list). */
export function knownTimeZones(): string[] {
  if (!zoneList) {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
    zoneList = [...new Set([...zones, 'UTC'].map(currentTimeZoneName))].sort();
  }
  return [...zoneList];
}

/**
 * Whether `zone` is a time zone name this runtime knows, exactly as spelled in its list or by a
 * retired spelling of one (stored as `currentTimeZoneName` gives it).
 */
export function isKnownTimeZone(zone: string): boolean {
  return knownTimeZones().includes(currentTimeZoneName(zone));
}

/** The address a player joins a game at: `<base>/play?pin=<pin>`, or null without a base. */
export function joinUrlOf(base: string | null, pin: string): string | null {
  return base ? `${base}/play?pin=${encodeURIComponent(pin)}` : null;
}
