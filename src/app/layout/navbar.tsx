/**
 * The navbar: sidebar toggle, breadcrumb (always from the dashboard), and on the
 * right the company switcher (admins of several companies), the unread-notification bell (live over
 * the WebSocket, see realtime/), the language switch, the settings drawer button and the user dropdown.
 */
import { Badge, Box, Breadcrumb, Flex, HStack, IconButton } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBell, LuPanelLeftClose, LuPanelLeftOpen, LuSettings } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { selectUnreadCount } from '@machines/session/selectors';
import { LanguageSwitch } from '@/app/components/language-switch';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { CompanySwitcher } from './company-switcher';
import { DASHBOARD_PATH } from './lib/menu';
import { setSidebarOpen, useSidebarOpen } from './settings';
import { UserMenu } from './user-menu';
import { useTitle } from './use-shell-pages';

export function Navbar({ crumbs, onOpenSettings }: { crumbs: string[]; onOpenSettings: () => void }) {
  const { t } = useTranslation('shell');
  const open = useSidebarOpen();
  return (
    <Flex as="header" h="12" px={{ base: 2, md: 3 }} align="center" gap="2" bg="bg" borderBottomWidth="1px" borderColor="border.muted">
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={open ? t('sidebar.collapse') : t('sidebar.expand')}
        aria-expanded={open}
        data-testid="sidebar-toggle"
        onClick={() => setSidebarOpen(!open)}
      >
        {open ? <LuPanelLeftClose /> : <LuPanelLeftOpen />}
      </IconButton>
      <Crumbs crumbs={crumbs} />
      <HStack gap={{ base: 0.5, md: 1.5 }} ms="auto" flexShrink={0}>
        <CompanySwitcher />
        <NotificationBell />
        <Box display={{ base: 'none', sm: 'block' }}>
          <LanguageSwitch />
        </Box>
        <IconButton variant="ghost" size="sm" aria-label={t('settings.open')} data-testid="settings-button" onClick={onOpenSettings}>
          <LuSettings />
        </IconButton>
        <UserMenu />
      </HStack>
    </Flex>
  );
}

function Crumbs({ crumbs }: { crumbs: string[] }) {
  const { t } = useTranslation('shell');
  const title = useTitle();
  return (
    <Breadcrumb.Root size="sm" aria-label={t('breadcrumb.label')} minW="0" display={{ base: 'none', md: 'block' }} data-testid="breadcrumb">
      <Breadcrumb.List flexWrap="nowrap">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${crumb}-${index}`}>
              <Breadcrumb.Item minW="0">
                {last ? (
                  <Breadcrumb.CurrentLink truncate>{title(crumb)}</Breadcrumb.CurrentLink>
                ) : index === 0 ? (
                  <Breadcrumb.Link asChild color="fg.muted" _hover={{ color: 'brand.fg' }}>
                    <Link to={DASHBOARD_PATH}>{title(crumb)}</Link>
                  </Breadcrumb.Link>
                ) : (
                  <Box as="span" color="fg.muted" truncate>
                    {title(crumb)}
                  </Box>
                )}
              </Breadcrumb.Item>
              {!last && <Breadcrumb.Separator />}
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

function NotificationBell() {
  const { t } = useTranslation('shell');
  const count = useSession(selectUnreadCount);
  return (
    <IconButton asChild variant="ghost" size="sm" position="relative" aria-label={t('notifications.label', { count })}>
      <Link to="/notification" data-testid="notification-bell">
        <LuBell />
        {count > 0 && (
          <Badge
            position="absolute"
            top="0.5"
            insetEnd="0"
            size="xs"
            variant="solid"
            colorPalette="red"
            bg="red.600"
            rounded="full"
            minW="4"
            h="4"
            px="1"
            justifyContent="center"
            fontSize="2xs"
            data-testid="notification-count"
            aria-hidden
          >
            {count > 99 ? '99+' : count}
          </Badge>
        )}
      </Link>
    </IconButton>
  );
}
