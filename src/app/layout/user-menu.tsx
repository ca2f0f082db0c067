/**
 * The navbar's user dropdown: the admin's avatar and name; the menu shows the name
 * and email and offers the profile page and "log out", after which the route guard goes to /login
 * with the current page as `redirect`.
 */
import { Avatar, Box, Button, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuLogOut, LuUser } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import type { SessionSnapshot } from '@machines/session/session.machine';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { logOut } from '@/app/features/auth/session';

const selectName = (snapshot: SessionSnapshot) => snapshot.context.userInfo?.name ?? '';
const selectEmail = (snapshot: SessionSnapshot) => snapshot.context.userInfo?.email ?? '';
const selectAvatar = (snapshot: SessionSnapshot) => snapshot.context.userInfo?.avatar ?? '';

export function UserMenu() {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const navigate = useNavigate();
  const name = useSession(selectName);
  const email = useSession(selectEmail);
  const avatar = useSession(selectAvatar);

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'profile') void navigate('/profile/index');
        if (value === 'logout') logOut();
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1.5" gap="2" data-testid="user-menu" title={t('nav.userMenu', { name })}>
          <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
            <Avatar.Fallback name={name} />
            {avatar && <Avatar.Image src={avatar} alt="" />}
          </Avatar.Root>
          <Text as="span" textStyle="sm" fontWeight="medium" maxW={{ base: '24', md: '40' }} truncate>
            {name}
          </Text>
          <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Box px="2" py="1.5">
              <Text textStyle="sm" fontWeight="semibold" truncate>
                {name}
              </Text>
              {email && (
                <Text textStyle="xs" color="fg.muted" truncate>
                  {email}
                </Text>
              )}
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile">
              <HStack gap="2">
                <LuUser aria-hidden />
                <Text as="span">{tShell('userMenu.profile')}</Text>
              </HStack>
            </Menu.Item>
            <Menu.Item value="logout">
              <HStack gap="2">
                <LuLogOut aria-hidden />
                <Text as="span">{t('nav.logout')}</Text>
              </HStack>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
