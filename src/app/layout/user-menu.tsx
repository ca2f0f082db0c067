/**
 * The navbar's user dropdown: the admin's avatar and name; the menu shows the name
 * and email and offers the profile page and "log out", after which the route guard goes to /login
 * with the current page as `redirect`. The menu itself (./user-menu-view.tsx) loads on first contact
 * with the button (./menu-on-demand.ts).
 */
import { Button, chakra, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown } from 'react-icons/lu';
import type { SessionSnapshot } from '@machines/session/session.machine';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { onDemand } from '@/app/lib/on-demand';
import { useMenuOnDemand } from './menu-on-demand';

const selectName = (snapshot: SessionSnapshot) => snapshot.context.userInfo?.name ?? '';
const selectEmail = (snapshot: SessionSnapshot) => snapshot.context.userInfo?.email ?? '';
const selectAvatar = (snapshot: SessionSnapshot) => snapshot.context.userInfo?.avatar ?? '';

const menu = onDemand(() => import('./user-menu-view'));

/** Chakra's avatar initials: the first letters of the first and the last word of the name. */
function initials(name: string): string {
  const words = name.trim().split(' ');
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/**
 * The admin's picture, or the initials until it has loaded (or when it does not load): Chakra's
 * `<Avatar size="xs" colorPalette="brand">` look (subtle variant, round, 32 px) without the Zag
 * avatar machine Chakra runs for it (about 5 KB gzipped on the dashboard, issue 18).
 */
function UserAvatar({ name, src }: { name: string; src: string }) {
  const [loaded, setLoaded] = useState('');
  const shown = src !== '' && loaded === src;
  return (
    <chakra.span
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      position="relative"
      verticalAlign="top"
      flexShrink="0"
      userSelect="none"
      boxSize="8"
      borderRadius="full"
      fontSize="xs"
      fontWeight="medium"
      lineHeight="1"
      textTransform="uppercase"
      bg="brand.muted"
      color="brand.fg"
      aria-hidden
    >
      {!shown && initials(name)}
      {src && (
        <chakra.img
          src={src}
          alt=""
          draggable={false}
          referrerPolicy="no-referrer"
          hidden={!shown}
          onLoad={() => setLoaded(src)}
          boxSize="full"
          objectFit="cover"
          borderRadius="full"
        />
      )}
    </chakra.span>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const name = useSession(selectName);
  const email = useSession(selectEmail);
  const avatar = useSession(selectAvatar);
  const { loaded, triggerProps, opening } = useMenuOnDemand(menu);

  const trigger = (
    <Button variant="ghost" size="sm" px="1.5" gap="2" data-testid="user-menu" title={t('nav.userMenu', { name })} {...triggerProps}>
      <UserAvatar name={name} src={avatar} />
      <Text as="span" textStyle="sm" fontWeight="medium" maxW={{ base: '24', md: '40' }} truncate>
        {name}
      </Text>
      <LuChevronDown aria-hidden />
    </Button>
  );
  return loaded ? <loaded.UserMenuView trigger={trigger} opening={opening} name={name} email={email} /> : trigger;
}
