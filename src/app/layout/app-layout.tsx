/**
 * The shell around logged-in pages (docs/product.md): a collapsible 210 px sidebar (a drawer below
 * 992 px of body width, closed on every route change there), the navbar with breadcrumb, bell,
 * language, settings and user menu, the tags view, and the page area (the keep-alive pages that
 * routing/shell-routes passes as children). It also keeps the tags in step with the route and the
 * navigation settings, and holds the admin's WebSocket while it is on screen.
 */
import { Box, Flex } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { clearNavOverrides } from '@/app/features/profile/nav-overrides';
import { useAdminRealtime } from '@/app/realtime/use-admin-realtime';
import { activeMenuPath, breadcrumbTitles, findPage } from './lib/menu';
import { Navbar } from './navbar';
import { setSidebarOpen, useSetting, useSidebarOpen } from './settings';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, SidebarContent } from './sidebar-menu';
import { resetTags, syncPinned, visit } from './tags';
import { TagsView } from './tags-view';
import { useShellPages } from './use-shell-pages';

const SettingsDrawer = lazy(async () => ({ default: (await import('./settings-drawer')).SettingsDrawer }));
const MobileSidebar = lazy(async () => ({ default: (await import('./mobile-sidebar')).MobileSidebar }));

/** True from the first time `value` is true on. */
function useSeen(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** The device counts as mobile below this body width. */
export const MOBILE_BREAKPOINT = 992;

function subscribeResize(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}
const isMobileNow = () => document.body.getBoundingClientRect().width < MOBILE_BREAKPOINT;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeResize, isMobileNow, () => false);
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { pages, menu } = useShellPages();
  const page = useMemo(() => findPage(pages, pathname), [pages, pathname]);
  const mobile = useIsMobile();
  const open = useSidebarOpen();
  const fixedHeader = useSetting('fixedHeader');
  const tagsView = useSetting('tagsView');
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The settings drawer and the phone's sidebar drawer load when first opened (docs/performance.md).
  const settingsSeen = useSeen(settingsOpen);
  const mobileSidebarSeen = useSeen(mobile && open);

  useAdminRealtime();

  // A new session starts with its own tags and settings from /info.
  useEffect(
    () => () => {
      resetTags();
      clearNavOverrides();
    },
    [],
  );

  useEffect(() => {
    syncPinned(
      pages
        .filter((info) => info.affix && !info.pattern.includes(':'))
        .map((info) => ({ path: info.pattern, fullPath: info.pattern, title: info.title, affix: true })),
    );
  }, [pages]);

  useEffect(() => {
    if (page) visit({ path: pathname, fullPath: pathname + search, title: page.title, affix: page.affix });
  }, [page, pathname, search]);

  // Small screens: the sidebar closes when the screen becomes small and after every navigation.
  useEffect(() => {
    if (mobile) setSidebarOpen(false, false);
  }, [mobile, pathname]);

  const crumbs = breadcrumbTitles(page, 'menu.dashboard');
  const activePath = activeMenuPath(page, pathname);
  const sidebarWidth = open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;

  return (
    <Flex minH="100dvh" data-testid="app-shell" data-sidebar={open ? 'open' : 'closed'} data-mobile={mobile || undefined}>
      {mobile ? (
        (open || mobileSidebarSeen) && (
          <Suspense fallback={null}>
            <MobileSidebar open={open} items={menu} activePath={activePath} />
          </Suspense>
        )
      ) : (
        <Box
          as="aside"
          position="fixed"
          insetY="0"
          insetStart="0"
          w={sidebarWidth}
          transition="width 0.2s"
          zIndex="docked"
          shadow="md"
          data-testid="sidebar"
        >
          <SidebarContent items={menu} activePath={activePath} collapsed={!open} />
        </Box>
      )}
      <Flex direction="column" flex="1" minW="0" ms={mobile ? 0 : sidebarWidth} transition="margin 0.2s">
        <Box position={fixedHeader ? 'sticky' : 'relative'} top="0" zIndex="sticky" data-testid="shell-header" data-fixed={fixedHeader || undefined}>
          <Navbar crumbs={crumbs} onOpenSettings={() => setSettingsOpen(true)} />
          {tagsView && <TagsView />}
        </Box>
        <Box as="main" flex="1" p={{ base: 3, md: 4 }} minW="0">
          {children}
        </Box>
      </Flex>
      {settingsSeen && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Flex>
  );
}
