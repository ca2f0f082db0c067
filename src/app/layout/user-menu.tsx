/**
 * The navbar's user dropdown: the admin's avatar and name; the menu shows the name
 * and email and offers the profile page and "log out", after which the route guard goes to /login
 * with the current page as `redirect`. The menu itself (./user-menu-view.tsx) loads on first contact
 * with the button (./menu-on-demand.ts).
 */
import { Avatar, Button, Text } from '@chakra-ui/react';
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

export function UserMenu() {
  const { t } = useTranslation();
  const name = useSession(selectName);
  const email = useSession(selectEmail);
  const avatar = useSession(selectAvatar);
  const { loaded, triggerProps, opening } = useMenuOnDemand(menu);

  const trigger = (
    <Button variant="ghost" size="sm" px="1.5" gap="2" data-testid="user-menu" title={t('nav.userMenu', { name })} {...triggerProps}>
      <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
        <Avatar.Fallback name={name} />
        {avatar && <Avatar.Image src={avatar} alt="" />}
      </Avatar.Root>
      <Text as="span" textStyle="sm" fontWeight="medium" maxW={{ base: '24', md: '40' }} truncate>
        {name}
      </Text>
      <LuChevronDown aria-hidden />
    </Button>
  );
  return loaded ? <loaded.UserMenuView trigger={trigger} opening={opening} name={name} email={email} /> : trigger;
}
