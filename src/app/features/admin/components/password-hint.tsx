/**
 * The strength hint under a new password: whether the shared rule accepts it (src/domain/account-rules:
 * at least 8 characters with letters and digits, and not the username) and, beyond the rule, a rough
 * strength (longer and more varied is better) as a three-step bar. The hint decides nothing; the
 * server's 422 does.
 */
import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleAlert } from 'react-icons/lu';
import { isStrongPassword, passwordIsUsername } from '@/domain/account-rules';
import { type DomainLang, formatDomainMessage } from '@/domain/messages';

/** Strong beyond the rule: at least 12 characters, or three kinds of characters. */
const STRONG_LENGTH = 12;

export type Strength = 0 | 1 | 2 | 3;

export function passwordStrength(password: string, username: string): Strength {
  if (!password) return 0;
  if (!isStrongPassword(password) || passwordIsUsername(password, username)) return 1;
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((kind) => kind.test(password)).length;
  return password.length >= STRONG_LENGTH || kinds >= 3 ? 3 : 2;
}

const COLORS = ['gray.200', 'red.500', 'orange.400', 'green.500'] as const;

interface PasswordHintProps {
  password: string;
  username: string;
  lang: DomainLang;
  /** The field already shows the server's message: the hint leaves the sentence out. */
  withoutProblem?: boolean;
}

export function PasswordHint({ password, username, lang, withoutProblem = false }: PasswordHintProps) {
  const { t } = useTranslation('admin');
  const strength = passwordStrength(password, username);
  if (strength === 0) return null;
  const problem = !isStrongPassword(password)
    ? formatDomainMessage(lang, 'account.passwordWeak')
    : passwordIsUsername(password, username)
      ? formatDomainMessage(lang, 'account.passwordIsUsername')
      : null;
  const label = [t('password.weak'), t('password.weak'), t('password.fair'), t('password.strong')][strength];
  return (
    <Box data-testid="password-hint" data-strength={strength} aria-live="polite">
      <HStack gap="1" mt="1" w="full" maxW="48" aria-hidden>
        {[1, 2, 3].map((step) => (
          <Box key={step} h="1" flex="1" rounded="full" bg={strength >= step ? COLORS[strength] : COLORS[0]} />
        ))}
      </HStack>
      <HStack gap="1.5" mt="1" align="flex-start" color={problem ? 'fg.error' : 'fg.success'} textStyle="xs">
        <Box flexShrink={0} mt="0.5">
          {problem ? <LuCircleAlert /> : <LuCircleCheck />}
        </Box>
        <Text>
          {t('password.strength', { label })}
          {problem && !withoutProblem ? ` · ${problem}` : ''}
        </Text>
      </HStack>
    </Box>
  );
}
