/**
 * The back office's languages: Traditional Chinese and English.
 * Detection: the `language` cookie wins; otherwise the first browser language that mentions
 * zh or en decides; otherwise English. `setLanguage` is the only way to switch, so the cookie,
 * i18next and `<html lang>` never disagree. Components never hold literal UI text: they call `t`.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageCookie } from '@/app/lib/cookies';
import type { resources } from './resources';

export const LANGUAGES = ['zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A namespace of texts: `translation` (shared) or a feature's. */
export type Namespace = keyof (typeof resources)['zh-TW'];

/**
 * Where each namespace's files are (`<folder><language>.json`): one namespace per feature, each in its
 * feature's folder, so features never edit each other's files. ./resources.ts holds them all at once
 * (for the types and the tests); the pages load only the current language's files of the namespaces
 * they render (docs/performance.md).
 */
const FOLDERS: Record<Namespace, string> = {
  translation: './locales/',
  shell: '../layout/i18n/',
  trivia: '../features/trivia-game/i18n/',
  notification: '../features/notification/i18n/',
  live: '../features/live/i18n/',
  admin: '../features/admin/i18n/',
  company: '../features/company/i18n/',
  audit: '../features/audit/i18n/',
  file: '../features/file/i18n/',
};

const files = import.meta.glob<Record<string, unknown>>(['./locales/*.json', '../layout/i18n/*.json', '../features/*/i18n/*.json'], {
  import: 'default',
});

/** An i18next backend over the files above: each file is its own chunk, fetched on first use. */
const textFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`${FOLDERS[namespace as Namespace] ?? ''}${language}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * Loads namespaces of the current language (the language switch loads every loaded namespace of the
 * new language before it switches). A component whose namespace is not loaded yet suspends until it
 * is; loading it beside a page's code (`lazyPage`) saves that second round trip.
 */
export function loadTexts(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/**
 * Pure detection rule. Browser languages are scanned in the user's order of preference, so
 * ['fr-FR', 'zh-TW'] gives zh-TW (a reader of Chinese gets Chinese rather than the English fallback).
 */
export function detectLanguage(cookie: string | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(cookie)) return cookie;
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower.includes('zh')) return 'zh-TW';
    if (lower.includes('en')) return 'en';
  }
  return 'en';
}

/** The language as the API's `Lang` header wants it: zh-TW for any Chinese, otherwise en. */
export function currentLanguage(): Language {
  return i18n.language?.toLowerCase().startsWith('zh') ? 'zh-TW' : 'en';
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Initialises i18next once, before the first render. */
export async function initI18n(): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  await i18n.use(textFiles).use(initReactI18next).init({
    lng: detectLanguage(languageCookie.get(), browserLanguages()),
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    // The shared texts first; the shell's and each feature's with their pages.
    ns: ['translation'],
    defaultNS: 'translation',
    // No fallback language: it would load the other language's files too. Every key the code uses is
    // in the Chinese files (the typed keys, ./i18next.d.ts) and the English files have the same keys
    // (./resources.ts), so nothing ever falls back.
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  return i18n;
}

/** Switches the language, remembers it for a year and updates `<html lang>` (through the event above). */
export async function setLanguage(lang: Language): Promise<void> {
  languageCookie.set(lang);
  await i18n.changeLanguage(lang);
}
