// Typed translation keys: `t('errorPage.404.headline')` is checked against the Chinese file,
// which is the reference (the English file must have the same keys, see ./index.ts).
import 'i18next';
import type { resources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['zh-TW'];
  }
}
