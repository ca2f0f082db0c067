/**
 * The user menu itself (./user-menu.tsx renders its trigger and loads this on first contact): the
 * admin's name and email, the profile page and "log out".
 */
import { Box, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLogOut, LuUser } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { logOut } from '@/app/features/auth/session';
import { type MenuOpening, useTriggerFocus } from './menu-on-demand';

export function UserMenuView({ trigger, opening, name, email }: { trigger: ReactElement; opening: MenuOpening; name: string; email: string }) {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const navigate = useNavigate();
  const triggerRef = useTriggerFocus(opening);

  return (
    <Menu.Root
      defaultOpen={opening.defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'profile') void navigate('/profile/index');
        if (value === 'logout') logOut();
      }}
    >
      <Menu.Trigger asChild ref={triggerRef}>
        {trigger}
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
