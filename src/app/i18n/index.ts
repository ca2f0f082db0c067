/**
 * The back office's languages: Traditional Chinese and English.
 * Detection: the `language` cookie wins; otherwise the first browser language that mentions
 * zh or en decides; otherwise English. `setLanguage` is the only way to switch, so the cookie,
 * i18next and `<html lang>` never disagree. Components never hold literal UI text: they call `t`.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageCookie } from '@/app/lib/cookies';
import en from './locales/en.json';
import zhTW from './locales/zh-TW.json';
// One namespace per feature, each in its feature's folder, so features never edit each other's files.
import shellEn from '@/app/layout/i18n/en.json';
import shellZhTW from '@/app/layout/i18n/zh-TW.json';
import triviaEn from '@/app/features/trivia-game/i18n/en.json';
import triviaZhTW from '@/app/features/trivia-game/i18n/zh-TW.json';
import notificationEn from '@/app/features/notification/i18n/en.json';
import notificationZhTW from '@/app/features/notification/i18n/zh-TW.json';
import liveEn from '@/app/features/live/i18n/en.json';
import liveZhTW from '@/app/features/live/i18n/zh-TW.json';
import adminEn from '@/app/features/admin/i18n/en.json';
import adminZhTW from '@/app/features/admin/i18n/zh-TW.json';
import companyEn from '@/app/features/company/i18n/en.json';
import companyZhTW from '@/app/features/company/i18n/zh-TW.json';
import auditEn from '@/app/features/audit/i18n/en.json';
import auditZhTW from '@/app/features/audit/i18n/zh-TW.json';
import fileEn from '@/app/features/file/i18n/en.json';
import fileZhTW from '@/app/features/file/i18n/zh-TW.json';

export const LANGUAGES = ['zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const resources = {
  'zh-TW': {
    translation: zhTW,
    shell: shellZhTW,
    trivia: triviaZhTW,
    notification: notificationZhTW,
    live: liveZhTW,
    admin: adminZhTW,
    company: companyZhTW,
    audit: auditZhTW,
    file: fileZhTW,
  },
  // `satisfies` makes a key missing from an English file a type error.
  en: {
    translation: en satisfies typeof zhTW,
    shell: shellEn satisfies typeof shellZhTW,
    trivia: triviaEn satisfies typeof triviaZhTW,
    notification: notificationEn satisfies typeof notificationZhTW,
    live: liveEn satisfies typeof liveZhTW,
    admin: adminEn satisfies typeof adminZhTW,
    company: companyEn satisfies typeof companyZhTW,
    audit: auditEn satisfies typeof auditZhTW,
    file: fileEn satisfies typeof fileZhTW,
  },
};

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
  await i18n.use(initReactI18next).init({
    resources,
    lng: detectLanguage(languageCookie.get(), browserLanguages()),
    supportedLngs: [...LANGUAGES],
    ns: ['translation', 'shell', 'trivia', 'notification', 'live', 'admin', 'company', 'audit', 'file'],
    defaultNS: 'translation',
    fallbackLng: 'en',
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
