/**
 * The smallest back-office page the chosen stack allows (bench/stack-floor.ts): React and ReactDOM,
 * Chakra UI with the back office's own system (src/app/theme.ts), i18next bound to React, React
 * Router's declarative mode, and the session statechart run by XState and read through @xstate/react —
 * what every back-office page starts from before any screen of its own. It renders one translated
 * button showing the session's state.
 */
import { Button, ChakraProvider } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import i18n from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { createActor } from 'xstate';
import { sessionMachine } from '@machines/session/session.machine';
import { system } from '@/app/theme';

const session = createActor(sessionMachine, { input: { lastUsername: null } });
session.start();

function Page() {
  const { t } = useTranslation();
  const state = useSelector(session, (snapshot) => JSON.stringify(snapshot.value));
  return (
    <Button>
      {t('menu.dashboard')} {state}
    </Button>
  );
}

function Routes() {
  return useRoutes([{ path: '*', element: <Page /> }]);
}

void i18n
  .use(initReactI18next)
  .init({ lng: 'en', resources: { en: { translation: { menu: { dashboard: 'Dashboard' } } } } })
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <ChakraProvider value={system}>
          <BrowserRouter>
            <Routes />
          </BrowserRouter>
        </ChakraProvider>
      </StrictMode>,
    );
  });
