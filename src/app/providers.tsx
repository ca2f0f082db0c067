/**
 * App-wide providers: the Chakra system, and the feedback the API client shows from outside React
 * (message and notification toasts, alert and confirm boxes). (i18next is bound to React by
 * `initReactI18next`; the session is a module-level actor, see features/auth/session.) The theme colour
 * chosen in the settings drawer is applied before the first paint.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogHost } from '@/app/components/ui/dialogs';
import { Toasters } from '@/app/components/ui/toaster';
import { applyStoredTheme } from '@/app/layout/settings';
import { system } from '@/app/theme';

applyStoredTheme();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Toasters />
      <DialogHost />
    </ChakraProvider>
  );
}
