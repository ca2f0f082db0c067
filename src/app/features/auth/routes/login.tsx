/**
 * The login page: username and password, show/hide password, a Caps Lock warning,
 * Enter submits, a loading button. A failed attempt shows the server's message inline (wrong
 * credentials, disabled account, too many attempts). After the session became active it goes to the
 * `redirect` target only when the same username logged in last time, otherwise to `/`, keeping the
 * other query parameters. Reached with a stored token, it waits for the session and goes to `/`.
 */
import { Alert, Box, Button, Card, Center, Field, Flex, Heading, HStack, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUser } from 'react-icons/lu';
import { Navigate, Link as RouterLink, useLocation } from 'react-router-dom';
import { selectError, selectLastUsername, selectLogoutReason } from '@machines/session/selectors';
import type { SessionSnapshot } from '@machines/session/session.machine';
import { LanguageSwitch } from '@/app/components/language-switch';
import { Logo } from '@/app/components/logo';
import { PageSpinner } from '@/app/components/page-spinner';
import { usePageTitle } from '@/app/lib/title';
import { PasswordField } from '../components/password-field';
import { useSession } from '../hooks/use-session';
import { loginTarget } from '../lib/login-target';
import { logIn, sessionMessage } from '../session';

type Phase = 'checking' | 'loggedOut' | 'authenticating' | 'loadingInfo' | 'active' | 'loggingOut';
const selectPhase = (snapshot: SessionSnapshot): Phase =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as Phase;
/** The message of a failed login attempt (other endings were announced where they happened). */
const selectLoginFailure = (snapshot: SessionSnapshot): string | null =>
  snapshot.matches('loggedOut') && selectLogoutReason(snapshot) === null ? selectError(snapshot) : null;

const backdrop = [
  'radial-gradient(circle at 12% 18%, var(--chakra-colors-brand-100) 0, transparent 38%)',
  'radial-gradient(circle at 88% 84%, var(--chakra-colors-brand-100) 0, transparent 34%)',
  'linear-gradient(180deg, var(--chakra-colors-brand-50) 0%, var(--chakra-colors-bg-subtle) 100%)',
].join(', ');

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('route.login');
  const location = useLocation();
  const phase = useSession(selectPhase);
  const failure = useSession(selectLoginFailure);
  const lastUsername = useSession(selectLastUsername);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username: string | null; password: string | null }>({ username: null, password: null });
  /** Where to go once this page's own login succeeded (decided before `lastUsername` changes). */
  const [target, setTarget] = useState<string | null>(null);

  if (phase === 'active') return <Navigate to={target ?? '/'} replace />;
  const submitted = target !== null;
  if (phase === 'checking' || phase === 'loggingOut' || (phase === 'loadingInfo' && !submitted)) return <PageSpinner fullPage />;
  const busy = phase === 'authenticating' || phase === 'loadingInfo';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next = {
      username: username.trim() ? null : t('login.usernameRequired'),
      password: password ? null : t('login.passwordRequired'),
    };
    setErrors(next);
    if (next.username || next.password) return;
    setTarget(loginTarget(location.search, username.trim(), lastUsername));
    logIn(username.trim(), password);
  };

  return (
    <Flex direction="column" minH="100dvh" bgImage={backdrop} bgColor="bg.subtle">
      <HStack as="header" justify="flex-end" px={{ base: 4, md: 8 }} pt={{ base: 4, md: 6 }}>
        <LanguageSwitch />
      </HStack>

      <Center as="main" flex="1" px="4" py={{ base: 6, md: 10 }}>
        <Card.Root w="full" maxW="420px" variant="elevated" borderRadius="2xl" boxShadow="0 24px 48px -24px rgba(16, 58, 104, 0.35)">
          <Card.Body p={{ base: 6, md: 10 }} gap="7">
            <Stack align="center" gap="3" textAlign="center">
              <HStack gap="2.5">
                <Logo boxSize="10" />
                <Text fontWeight="semibold" color="fg" textStyle="md">
                  {t('app.title')}
                </Text>
              </HStack>
              <Box>
                <Heading as="h1" size="2xl" letterSpacing="tight">
                  {t('login.heading')}
                </Heading>
                <Text mt="1.5" textStyle="sm" color="fg.muted">
                  {t('login.subtitle')}
                </Text>
              </Box>
            </Stack>

            {failure && !busy && (
              <Alert.Root status="error" variant="subtle" borderRadius="lg" size="sm" data-testid="login-error">
                <Alert.Indicator />
                <Alert.Title>{sessionMessage(failure)}</Alert.Title>
              </Alert.Root>
            )}

            <form noValidate onSubmit={submit} aria-label={t('login.heading')}>
              <Stack gap="5" colorPalette="brand">
                <Field.Root invalid={errors.username !== null} required disabled={busy}>
                  <Field.Label>
                    {t('login.username')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <InputGroup startElement={<LuUser />}>
                    <Input
                      name="username"
                      autoComplete="username"
                      autoFocus
                      autoCapitalize="none"
                      spellCheck={false}
                      placeholder={t('login.usernamePlaceholder')}
                      value={username}
                      onChange={(event) => setUsername(event.currentTarget.value)}
                      size="lg"
                    />
                  </InputGroup>
                  {errors.username && <Field.ErrorText>{errors.username}</Field.ErrorText>}
                </Field.Root>

                <PasswordField value={password} onChange={setPassword} error={errors.password} disabled={busy} />

                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  w="full"
                  mt="1"
                  loading={busy}
                  loadingText={t('login.submitting')}
                >
                  {t('login.submit')}
                </Button>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      </Center>

      <HStack as="footer" justify="center" gap="3" px="4" pb="6" textStyle="xs" color="fg.muted">
        <Text>{t('login.footer', { year: new Date().getFullYear() })}</Text>
        <Text aria-hidden>·</Text>
        <Link asChild color="fg.muted" _hover={{ color: 'brand.fg' }}>
          <RouterLink to="/privacy">{t('route.privacy')}</RouterLink>
        </Link>
      </HStack>
    </Flex>
  );
}
