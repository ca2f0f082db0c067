/**
 * Languages of the player page and the quiz display: Traditional Chinese and English, one i18next
 * instance per page with that page's own texts (so neither bundle carries the back office's).
 * Detection: `?lang=` in the address (a QR code or a link may choose), else the `language` cookie the
 * back office also uses, else the first browser language that mentions zh or en, else English.
 * `setLanguage` is the only way to switch: cookie, translator and `<html lang>` never disagree.
 *
 * The translator is a few lines rather than i18next (about 17 KB gzipped with react-i18next, a fifth of
 * a phone's page): nested keys, `{{name}}` placeholders, plural forms by `count` under i18next's
 * suffixes (`_one`, `_other`, as Intl.PluralRules names them; Chinese has `_other` only), a `lng`
 * option, and English when a key is missing in Chinese (when the English texts are loaded). The files
 * keep i18next's format.
 *
 * A page gives each language's texts either as they are (the quiz display shows both languages at once
 * while pairing) or as a loader: the player page loads only the current language's file before its
 * first render, the other one once the first screen is painted (`loadAllTexts`) or at a switch made
 * before that (issue 18's budget; its files must then hold
 * the same keys, checked by the type `SameKeys` in its entry).
 */
import { useSyncExternalStore } from 'react';
import type { Language } from './api';

export const LANGUAGES = ['zh-TW', 'en'] as const satisfies readonly Language[];
const COOKIE = 'language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** `zh`, `zh-tw`, `zh-Hant` → zh-TW; `en`, `en-US` → en; anything else → null. */
export function normaliseLanguage(tag: string | null | undefined): Language | null {
  const lower = tag?.trim().toLowerCase();
  if (!lower) return null;
  if (lower.startsWith('zh')) return 'zh-TW';
  if (lower.startsWith('en')) return 'en';
  return null;
}

/** Pure detection rule (see the header). */
export function detectLanguage(query: string | null, cookie: string | null, browserLanguages: readonly string[]): Language {
  const fromQuery = normaliseLanguage(query);
  if (fromQuery) return fromQuery;
  if (isLanguage(cookie)) return cookie;
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower.includes('zh')) return 'zh-TW';
    if (lower.includes('en')) return 'en';
  }
  return 'en';
}

export function readCookie(name: string, cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeLanguageCookie(language: Language): void {
  document.cookie = `${COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/** A page's texts in one language: nested objects of strings. */
export interface Messages {
  [key: string]: string | Messages;
}

/** A language's texts, or a loader of them (a dynamic import of the JSON file). */
export type TextSource = Messages | (() => Promise<Messages>);

/**
 * True when two text files hold exactly the same keys, at every level: `SameKeys<typeof en, typeof zhTW>`
 * in `satisfies` position fails to compile when one file lacks a key of the other.
 */
export type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

let sources: Partial<Record<Language, TextSource>> = {};
let texts: Partial<Record<Language, Messages>> = {};
let language: Language = 'en';
/** The last language asked for: a switch overtaken by another while its texts load is dropped. */
let wanted: Language = 'en';
const listeners = new Set<() => void>();

async function loadTexts(lang: Language): Promise<void> {
  if (texts[lang]) return;
  const source = sources[lang];
  if (!source) return;
  texts[lang] = typeof source === 'function' ? await source() : source;
}

export function currentLanguage(): Language {
  return language;
}

function applyLanguage(next: Language): void {
  language = next;
  document.documentElement.lang = next;
  document.title = translate('pageTitle');
  for (const listener of listeners) listener();
}

/**
 * Loads every language's texts not loaded yet: the player page calls it once its first screen is
 * painted, so a switch made later needs no network (a phone may have lost it by then). A file that
 * fails is tried again at the switch.
 */
export async function loadAllTexts(): Promise<void> {
  await Promise.all(LANGUAGES.map((lang) => loadTexts(lang).catch(() => undefined)));
}

/** Switches once the language's texts are there (loaded on first use when the page gave a loader). */
export async function setLanguage(next: Language): Promise<void> {
  wanted = next;
  try {
    await loadTexts(next);
  } catch {
    return; // Not fetched (no network): the page stays in its language; the next tap tries again.
  }
  if (wanted !== next) return;
  writeLanguageCookie(next);
  applyLanguage(next);
}

/** Installs the page's texts, picks the language and loads its texts, before the first render. */
export async function initAudienceI18n(resources: Record<Language, TextSource>): Promise<void> {
  sources = resources;
  texts = {};
  for (const lang of LANGUAGES) {
    const source = resources[lang];
    if (typeof source !== 'function') texts[lang] = source;
  }
  const params = new URLSearchParams(window.location.search);
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  wanted = detectLanguage(params.get('lang'), readCookie(COOKIE), browser);
  await loadTexts(wanted);
  applyLanguage(wanted);
}

/**
 * `t` for the audience's pages. The back office types i18next's keys with its own resources (a global
 * module augmentation); these pages have their own, checked by `satisfies` in their entry files, so
 * their `t` takes plain string keys.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

function lookup(lang: Language, key: string): string | undefined {
  let node: string | Messages | undefined = texts[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function find(lang: Language, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const form = lookup(lang, `${key}_${new Intl.PluralRules(lang).select(count)}`) ?? lookup(lang, `${key}_other`);
    if (form !== undefined) return form;
  }
  return lookup(lang, key);
}

export const translate: Translate = (key, options = {}) => {
  const lang = isLanguage(options.lng) ? options.lng : language;
  const text = find(lang, key, options.count) ?? find('en', key, options.count);
  if (text === undefined) return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (options[name] === undefined ? whole : String(options[name])));
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t`, re-rendering the component when the language changes. */
export function useT(): Translate {
  useSyncExternalStore(subscribe, currentLanguage);
  return translate;
}
