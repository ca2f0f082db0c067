/**
 * Browser entry of the back office: languages first (the first paint is already translated), then the
 * session (it reads the token cookie and, with one, loads the user info), then React.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { exposeTestHooks } from '@/app/e2e-hooks';
import { startSession } from '@/app/features/auth/session';
import { initI18n } from '@/app/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void initI18n().then(() => {
  startSession();
  exposeTestHooks();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
