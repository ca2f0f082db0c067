/**
 * The sidebar on a small screen: a drawer from the start side over the page. Loaded the first time it
 * opens (./app-layout.tsx), with the drawer's machine, focus trap and scroll lock.
 */
import { Drawer, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from './lib/menu';
import { setSidebarOpen } from './settings';
import { SIDEBAR_BG, SIDEBAR_WIDTH, SidebarContent } from './sidebar-menu';

export function MobileSidebar({ open, items, activePath }: { open: boolean; items: MenuItem[]; activePath: string }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer.Root open={open} onOpenChange={({ open: next }) => setSidebarOpen(next, false)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={SIDEBAR_WIDTH} bg={SIDEBAR_BG} data-testid="sidebar" aria-label={t('sidebar.menu')}>
            <Drawer.Title srOnly>{t('sidebar.menu')}</Drawer.Title>
            <SidebarContent items={items} activePath={activePath} collapsed={false} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
