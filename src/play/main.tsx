/** The player page's entry (play.html, served under /play): its own small bundle, no back-office code. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initAudienceI18n, type SameKeys } from '@/audience/i18n';
import { App } from './app';
import type en from './i18n/en.json';
import type zhTW from './i18n/zh-TW.json';
import './play.css';
// The question kinds' inputs and reveals: with the first screen's CSS, so the screens loaded after it bring no stylesheet of their own.
import './kinds.css';

// Only the current language's texts load before the first render, the other file when the player
// switches (issue 18's budget): both files hold the same keys, or this fails to compile.
true satisfies SameKeys<typeof en, typeof zhTW>;

const root = document.getElementById('root');
void initAudienceI18n({
  'zh-TW': () => import('./i18n/zh-TW.json').then((texts) => texts.default),
  en: () => import('./i18n/en.json').then((texts) => texts.default),
}).then(() => {
  if (root)
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
});
