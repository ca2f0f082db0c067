/**
 * The name and path rules of the company file store (docs/files.md), once for the file
 * screen's forms and the server's /file/* handlers. The rules mirror S3 object keys, because a
 * production store is S3-compatible; the local disk store gets the same keys. A path is a relative key
 * inside the company's root, segments joined by `/`: `docs/2024/rules.pdf`; the root is `''`.
 *
 * Every check normalises to NFC first and answers the NFC text, or the message key of the first
 * broken rule (messages.ts, `file.*`) with the values of its placeholders. Nothing here throws.
 * A name is refused, never repaired: repairing (trimming, collapsing `//`, dropping a trailing dot)
 * would make two different inputs the same stored key.
 *
 * Beyond the product's own rules, a name is refused when some layer a file passes through could read it as
 * something else — a separator, a parent directory, a device or another name (docs/files.md, "Names
 * and paths", says why for each): %-encoding that decodes to a path element, segments whose NFKC
 * form is `.` or `..`, drive letters, Windows device names, segments ending in a dot or a space,
 * text-direction controls and unpaired surrogates.
 *
 * Pure: imports only the domain's messages, its character counting and its hidden characters; no I/O, no
 * src/server or src/app.
 */
import type { DomainMessageKey } from './messages.js';
import { graphemeCount } from './graphemes.js';
import { hasBidiControl } from './hidden-characters.js';

/** The product's rule: directory names have 1 to 60 characters (grapheme clusters, see checkDirectoryName). */
export const DIRECTORY_NAME_MAX_CHARACTERS = 60;
/** The product's rule: file names have 1 to 1023 bytes of UTF-8. */
export const FILE_NAME_MAX_BYTES = 1023;
/** A whole relative path (directories and name): the same 1023 bytes, so every key fits S3's 1024. */
export const FILE_PATH_MAX_BYTES = 1023;

export type FileNameMessageKey = Extract<DomainMessageKey, `file.${string}`>;

/** A broken rule: its message key and the values of the message's placeholders (`{max}`). */
export interface FileNameProblem {
  key: FileNameMessageKey;
  params: Record<string, number>;
}

export type FileNameCheck = { ok: true; name: string } | ({ ok: false } & FileNameProblem);
export type FilePathCheck = { ok: true; path: string } | ({ ok: false } & FileNameProblem);
/** A joined path, or the problem and which input (`directory` or `name`) it is in: the 422's field. */
export type FileJoinCheck = { ok: true; path: string } | ({ ok: false; part: 'directory' | 'name' } & FileNameProblem);

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its pair: not text, and UTF-8 cannot carry it (it would be stored as U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Emoticons: Unicode's Extended_Pictographic (as the issue says; it also holds © ® ™ ‼), plus the
 * pieces that build the emoji it leaves out: flags (regional indicators), keycaps (U+20E3), skin tones
 * and the emoji presentation selector U+FE0F.
 */
const EMOTICON = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u20E3\uFE0F]/u;
/** `C:`, `c:foo`: on Windows an absolute or drive-relative path, whatever follows. */
const DRIVE_LETTER = /^[A-Za-z]:/;
/**
 * Windows device names, in any case, alone or with an extension (`nul.tar.gz` is NUL), spaces before
 * the dot ignored as Windows does; COM and LPT with 0-9 and the superscripts ¹ ² ³ Windows also maps.
 */
const DEVICE_NAME = /^(?:CON|PRN|AUX|NUL|COM[0-9\u00B9\u00B2\u00B3]|LPT[0-9\u00B9\u00B2\u00B3]|CONIN\$|CONOUT\$) *(?:\.|$)/i;
/** A run of %XX or %uXXXX escapes (the second is IIS's old form; cheap to include). */
const ESCAPE_RUN = /(?:%u[0-9A-Fa-f]{4}|%[0-9A-Fa-f]{2})+/g;
const ESCAPE = /%u([0-9A-Fa-f]{4})|%([0-9A-Fa-f]{2})/g;

const problem = (key: FileNameMessageKey, params: Record<string, number> = {}) => ({ ok: false as const, key, params });

/** How many bytes `text` takes in UTF-8 (what S3 and the disk count). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Overlong UTF-8 (`%c0%ae` for `.`, `%c0%af` for `/`, `%e0%80%ae`…): old decoders read them as ASCII. */
function hasOverlong(bytes: number[]): boolean {
  return bytes.some((byte, i) => {
    const next = bytes[i + 1] ?? 0;
    return byte === 0xc0 || byte === 0xc1 || (byte === 0xe0 && next >= 0x80 && next <= 0x9f) || (byte === 0xf0 && next >= 0x80 && next <= 0x8f);
  });
}

let utf8Decoder: TextDecoder | null = null;

/** One round of %-decoding of a run of escapes, or null when the run holds overlong UTF-8. */
function decodeEscapes(run: string): string | null {
  utf8Decoder ??= new TextDecoder('utf-8');
  let text = '';
  let bytes: number[] = [];
  const flush = () => {
    text += utf8Decoder!.decode(new Uint8Array(bytes));
    bytes = [];
  };
  for (const [, wide, byte] of run.matchAll(ESCAPE)) {
    if (byte !== undefined) {
      bytes.push(parseInt(byte, 16));
      continue;
    }
    if (hasOverlong(bytes)) return null;
    flush();
    text += String.fromCharCode(parseInt(wide!, 16));
  }
  if (hasOverlong(bytes)) return null;
  flush();
  return text;
}

const isDotSegment = (segment: string) => segment === '.' || segment === '..';

/**
 * Whether `text`, split at `/` and `\`, has a `.` or `..` part as it stands or in NFKC: fullwidth
 * and other compatibility dots (．．, ‥, ﹒) are read as `..` by anything that applies NFKC or Windows'
 * best-fit mapping. `／` and `＼` on their own stay ordinary characters (common in zh-TW titles).
 */
const namesDotSegment = (text: string) => [text, text.normalize('NFKC')].some((form) => form.split(/[/\\]/).some(isDotSegment));

/**
 * Whether %-decoding `segment`, once or as often as it still changes (`%252e` → `%2e` → `.`), yields a
 * separator, a backslash, a control character or a `.`/`..` segment, or meets overlong UTF-8. The
 * server never decodes a name, so `%2e%2e` would be a harmless literal here; but names also travel
 * in URLs (image addresses, S3 requests, proxies, other tools) where one decoding is not ours to
 * control. Other escapes stay literal text (`a%20b.txt`, `100%.pdf`). Each round shortens the text,
 * so the loop ends.
 */
function decodesToPathElement(segment: string): boolean {
  let current = segment;
  while (current.includes('%')) {
    let overlong = false;
    const next = current.replace(ESCAPE_RUN, (run) => {
      const decoded = decodeEscapes(run);
      if (decoded === null) overlong = true;
      return decoded ?? run;
    });
    if (overlong) return true;
    if (next === current) return false;
    if (/[/\\]/.test(next) || CONTROL.test(next) || namesDotSegment(next)) return true;
    current = next;
  }
  return false;
}

/** The first rule one segment (text between `/`, never empty here) breaks, or null. */
function segmentProblem(segment: string): FileNameMessageKey | null {
  if (isDotSegment(segment)) return 'file.dotSegment';
  if (DRIVE_LETTER.test(segment)) return 'file.driveLetter';
  if (/[. ]$/.test(segment)) return 'file.trailingDotOrSpace';
  if (DEVICE_NAME.test(segment)) return 'file.reservedName';
  if (decodesToPathElement(segment)) return 'file.encodedPath';
  return null;
}

type Shape = 'fileName' | 'directoryName' | 'path';

/**
 * The rules every name and path shares, on NFC text. `shape` decides what `/` may do: never in a
 * file name; between segments in a directory name (`a/b` makes both) and in a path, where a leading
 * `/` is an absolute path.
 */
function commonProblem(text: string, shape: Shape): ReturnType<typeof problem> | null {
  if (CONTROL.test(text)) return problem('file.controlCharacters');
  // `invoice\u202Efdp.exe` shows as "invoiceexe.pdf" (hidden-characters.ts, shared with nicknames).
  if (hasBidiControl(text)) return problem('file.bidiControl');
  if (text.includes('\\')) return problem('file.backslash');
  if (shape === 'fileName' && text.includes('/')) return problem('file.slashInFileName');
  if (shape === 'path' && text.startsWith('/')) return problem('file.absolutePath');
  if (text.startsWith('/') || text.endsWith('/') || text.includes('//')) return problem('file.separators');
  for (const segment of text.split('/')) {
    const key = segmentProblem(segment);
    if (key) return problem(key);
  }
  if (namesDotSegment(text)) return problem('file.dotSegment');
  return null;
}

function normalised(raw: string): { text: string } | ReturnType<typeof problem> {
  if (LONE_SURROGATE.test(raw)) return problem('file.invalidCharacters');
  const text = raw.normalize('NFC');
  return text === '' ? problem('file.nameRequired') : { text };
}

/**
 * One file's name (an upload's name, the last segment of a path): 1 to 1023 bytes of UTF-8 after
 * NFC, case sensitive (`Rules.pdf` and `rules.pdf` are two files), no `/`.
 */
export function checkFileName(raw: string): FileNameCheck {
  const n = normalised(raw);
  if ('ok' in n) return n;
  const broken = commonProblem(n.text, 'fileName');
  if (broken) return broken;
  if (utf8ByteLength(n.text) > FILE_NAME_MAX_BYTES) return problem('file.fileNameTooLong', { max: FILE_NAME_MAX_BYTES });
  return { ok: true, name: n.text };
}

/**
 * A new directory's name (make directory): 1 to 60 characters, no emoticons, no leading, trailing or
 * repeated `/` (`2024/q1` makes both levels, as S3 prefixes do).
 *
 * Characters are counted as the user sees them: extended grapheme clusters (the nickname rule's
 * count), after NFC. Code units would count `𠀀` as 2 and a decomposed `é` as 2; code points would still
 * count the decomposed `é` as 2 and bytes would make the limit 20 Chinese characters — none is the
 * "60 characters" a user reads on the form. A grapheme may hold many code points (a letter with a pile of
 * combining marks), so the 1023-byte path limit applies too. Browsers and Node may disagree on a rare
 * cluster (their ICU versions differ); the server's answer is the final word.
 */
export function checkDirectoryName(raw: string): FileNameCheck {
  const n = normalised(raw);
  if ('ok' in n) return n;
  const broken = commonProblem(n.text, 'directoryName');
  if (broken) return broken;
  if (EMOTICON.test(n.text)) return problem('file.emoticon');
  if (graphemeCount(n.text, DIRECTORY_NAME_MAX_CHARACTERS) > DIRECTORY_NAME_MAX_CHARACTERS) return problem('file.directoryNameTooLong', { max: DIRECTORY_NAME_MAX_CHARACTERS });
  if (utf8ByteLength(n.text) > FILE_PATH_MAX_BYTES) return problem('file.pathTooLong', { max: FILE_PATH_MAX_BYTES });
  return { ok: true, name: n.text };
}

function checkPath(raw: string, rootAllowed: boolean): FilePathCheck {
  if (raw === '' && rootAllowed) return { ok: true, path: '' };
  const n = normalised(raw);
  if ('ok' in n) return n;
  const broken = commonProblem(n.text, 'path');
  if (broken) return broken;
  if (utf8ByteLength(n.text) > FILE_PATH_MAX_BYTES) return problem('file.pathTooLong', { max: FILE_PATH_MAX_BYTES });
  return { ok: true, path: n.text };
}

/** A file's path as the client sends it (download, delete): relative, never empty, NFC. */
export function checkFilePath(raw: string): FilePathCheck {
  return checkPath(raw, false);
}

/** A directory's path as the client sends it (list, upload target, parent): `''` is the root. */
export function checkDirectoryPath(raw: string): FilePathCheck {
  return checkPath(raw, true);
}

/**
 * The relative path of `name` inside the client-sent `directory` (`''` = the root): both checked
 * (the name as a file name or, with `kind: 'directory'`, a directory name), then joined with one `/`
 * and held to 1023 bytes in all. A path this answers never starts with `/`, has no `.` or `..`
 * segment, no backslash and no control character: resolved under any root it stays there. The
 * server adds the company's root itself; nothing a client sends can name it.
 */
export function joinFilePath(directory: string, name: string, kind: 'file' | 'directory' = 'file'): FileJoinCheck {
  const parent = checkDirectoryPath(directory);
  if (!parent.ok) return { ...parent, part: 'directory' };
  const child = kind === 'file' ? checkFileName(name) : checkDirectoryName(name);
  if (!child.ok) return { ...child, part: 'name' };
  const path = parent.path === '' ? child.name : `${parent.path}/${child.name}`;
  if (utf8ByteLength(path) > FILE_PATH_MAX_BYTES) return { ...problem('file.pathTooLong', { max: FILE_PATH_MAX_BYTES }), part: 'name' };
  return { ok: true, path };
}
