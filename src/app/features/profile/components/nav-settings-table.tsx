/**
 * One row per menu the admin can open (translated name, icon) with a no-cache and a pinned-tag switch
 * (docs/product.md). Each switch saves at once through /nav/set/noCache or /nav/set/affix and tells
 * the shell (nav-overrides), so the tags view and keep-alive follow without a reload.
 */
import { Card, Skeleton, Switch, Table, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessRoutes } from '@/app/features/auth/hooks/use-access-routes';
import { flattenRoutes } from '@/app/features/auth/lib/access-routes';
import { MenuIcon } from '@/app/layout/menu-icon';
import { useTitle } from '@/app/layout/use-shell-pages';
import { fetchNavSettings, type NavSetting, saveAffix, saveNoCache } from '../api/profile-api';
import { setNavOverride } from '../nav-overrides';
import { HeadingBlock } from '@/app/components/heading-block';

type Flag = 'noCache' | 'affix';

export function NavSettingsTable() {
  const { t } = useTranslation('shell');
  const title = useTitle();
  const routes = useAccessRoutes();
  const titles = useMemo(() => new Map(flattenRoutes(routes).map((route) => [route.name, route.meta?.title])), [routes]);
  const [rows, setRows] = useState<NavSetting[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchNavSettings()
      .then((list) => live && setRows(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (row: NavSetting, flag: Flag, value: boolean) => {
    const apply = (next: boolean) => setRows((current) => current?.map((r) => (r.name === row.name ? { ...r, [flag]: next } : r)) ?? null);
    apply(value);
    try {
      await (flag === 'noCache' ? saveNoCache(row.name, value) : saveAffix(row.name, value));
      setNavOverride(row.name, { [flag]: value });
    } catch {
      apply(!value); // the API client showed why
    }
  };

  const menuName = (name: string) => title(titles.get(name) ?? name);

  return (
    <Card.Root variant="outline" bg="bg" size="sm">
      <Card.Header>
        <HeadingBlock as="h2" size="md" title={t('profile.navHeading')} lead={t('profile.navIntro')} gap="1" />
      </Card.Header>
      <Card.Body>
        {failed && <Text color="fg.error">{t('profile.loadFailed')}</Text>}
        {!failed && rows === null && <Skeleton h="24" />}
        {rows && rows.length === 0 && <Text color="fg.muted">{t('profile.empty')}</Text>}
        {rows && rows.length > 0 && (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root data-testid="nav-settings" stickyHeader>
              <Table.Header>
                <Table.Row bg="bg.muted">
                  <Table.ColumnHeader>{t('profile.menu')}</Table.ColumnHeader>
                  <Table.ColumnHeader w="20" textAlign="center">
                    {t('profile.icon')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader w="28" textAlign="center">
                    {t('profile.noCache')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader w="28" textAlign="center">
                    {t('profile.affix')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.name} data-menu={row.name}>
                    <Table.Cell fontWeight="medium">{menuName(row.name)}</Table.Cell>
                    <Table.Cell textAlign="center" color="fg.muted">
                      <MenuIcon name={row.icon} />
                    </Table.Cell>
                    {(['noCache', 'affix'] as const).map((flag) => (
                      <Table.Cell key={flag} textAlign="center">
                        <Switch.Root
                          colorPalette="brand"
                          checked={row[flag]}
                          onCheckedChange={({ checked }) => void toggle(row, flag, checked)}
                          data-testid={`${flag}-${row.name}`}
                        >
                          <Switch.HiddenInput aria-label={t(flag === 'noCache' ? 'profile.noCacheOf' : 'profile.affixOf', { menu: menuName(row.name) })} />
                          <Switch.Control>
                            <Switch.Thumb />
                          </Switch.Control>
                        </Switch.Root>
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
