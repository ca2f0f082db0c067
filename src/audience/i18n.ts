/**
 * Languages of the player page and the quiz display: Traditional Chinese and English, one i18next
 * instance per page with that page's own texts (so neither bundle carries the back office's).
 * Detection: `?lang=` in the address (a QR code or a link may choose), else the `language` cookie the
 * back office also uses, else the first browser language that mentions zh or en, else English.
 * `setLanguage` is the only way to switch: cookie, i18next and `<html lang>` never disagree.
 */
import i18n, { type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
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

export function currentLanguage(): Language {
  return normaliseLanguage(i18n.language) ?? 'en';
}

export async function setLanguage(language: Language): Promise<void> {
  writeLanguageCookie(language);
  await i18n.changeLanguage(language);
}

/** Initialises i18next once, before the first render, with the page's texts. */
export async function initAudienceI18n(resources: Record<Language, Resource[string]>): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  const params = new URLSearchParams(window.location.search);
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const lng = detectLanguage(params.get('lang'), readCookie(COOKIE), browser);
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    document.title = translate('pageTitle');
  });
  await i18n.use(initReactI18next).init({
    resources,
    lng,
    supportedLngs: [...LANGUAGES],
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  document.title = translate('pageTitle');
  return i18n;
}

/**
 * `t` for the audience's pages. The back office types i18next's keys with its own resources (a global
 * module augmentation); these pages have their own, checked by `satisfies` in their entry files, so
 * their `t` takes plain string keys.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function useT(): Translate {
  // useTranslation re-renders the component when the language changes.
  const { t } = useTranslation();
  return t as unknown as Translate;
}

export const translate: Translate = (key, options) => (i18n.t as unknown as Translate)(key, options);
