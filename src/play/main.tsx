/** The player page's entry (play.html, served under /play): its own small bundle, no back-office code. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initAudienceI18n } from '@/audience/i18n';
import { App } from './app';
import en from './i18n/en.json';
import zhTW from './i18n/zh-TW.json';
import './play.css';

const root = document.getElementById('root');
void initAudienceI18n({ 'zh-TW': zhTW, en: en satisfies typeof zhTW }).then(() => {
  if (root)
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
});
