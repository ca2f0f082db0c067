/**
 * /auth-redirect: the landing address of an OAuth-style sign-in opened in a pop-up. It stores
 * the query string it was reached with (the code) in local storage, where the opener reads it, then
 * closes its window. If the browser refuses to close it, it says the window may be closed.
 */
import { Center, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/app/components/logo';
import { AUTH_REDIRECT_KEY, local } from '@/app/lib/storage';
import { usePageTitle } from '@/app/lib/title';

export function AuthRedirectPage() {
  const { t } = useTranslation();
  usePageTitle('route.authRedirect');
  useEffect(() => {
    local.set(AUTH_REDIRECT_KEY, window.location.search.replace(/^\?/, ''));
    window.close();
  }, []);
  return (
    <Center as="main" minH="100dvh" px="4">
      <Stack align="center" gap="3" textAlign="center">
        <Logo boxSize="10" />
        <Text color="fg.muted" textStyle="sm">
          {t('authRedirect.message')}
        </Text>
      </Stack>
    </Center>
  );
}
