/**
 * Every namespace of texts in both languages, loaded at once: for the typed keys (./i18next.d.ts) and
 * the tests. The app itself never imports this module: it loads the current language's files of the
 * namespaces a page renders (./index.ts). `satisfies` makes a key missing from an English file a type
 * error.
 */
import en from './locales/en.json';
import zhTW from './locales/zh-TW.json';
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
