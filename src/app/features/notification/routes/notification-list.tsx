/**
 * /notification: the admin's inbox. Filters, a send button, the mark-as-read menu (selected
 * or all), a table whose unread rows are bold with an amber envelope and only they can be selected,
 * sort by created time, pages of 10/25/50, and the detail dialog on double-click (which marks the row
 * read). The created time reads "how long ago" (docs/product.md; the shared helper, renewed every
 * minute), the date and time in its tooltip and in the detail. The list is the server's: after any
 * change it is fetched again.
 */
import { Badge, Button, Card, Flex, HStack, Icon, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheckCheck, LuChevronDown, LuInbox, LuListChecks, LuMail, LuMailOpen, LuSend } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { type Column, DataTable } from '@/app/components/data-table/data-table';
import { messages } from '@/app/components/ui/toaster';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { useNow } from '@/app/hooks/use-now';
import { type PagedQuery, usePagedList } from '@/app/hooks/use-paged-list';
import { currentLanguage } from '@/app/i18n';
import { formatDateTime, toCreatedAt } from '@/app/lib/dates';
import { relativeTime } from '@/app/lib/relative-time';
import { useNotificationPageTitle } from '../lib/page-title';
import { type Notification, type NotificationListRequest, notificationApi } from '../api/notifications';
import { EMPTY_FILTERS, type Filters, NotificationFilters } from '../components/notification-filters';
import { NotificationDetailDialog } from '../components/notification-detail-dialog';
import { HeadingBlock } from '@/app/components/heading-block';

type ListFilters = Filters & { order: 'asc' | 'desc' };
const NO_FILTERS: ListFilters = { ...EMPTY_FILTERS, order: 'desc' };

function toRequest({ page, limit, order, ...filters }: PagedQuery<ListFilters>): NotificationListRequest {
  const request: NotificationListRequest = { page, limit, order, sort: 'created_at', created_at: toCreatedAt(filters.from, filters.to) };
  if (filters.message) request.message = filters.message;
  if (filters.status !== 'all') request.is_read = filters.status === 'read' ? 1 : 2;
  return request;
}
const load = (query: PagedQuery<ListFilters>) => notificationApi.list(toRequest(query));

export function NotificationListPage() {
  const { t } = useTranslation('notification');
  useNotificationPageTitle('title.list');
  const canSend = usePermission('notification.send');
  const now = useNow();
  const language = currentLanguage();

  const list = usePagedList<Notification, ListFilters>(load, NO_FILTERS);
  const { page: _page, limit: _limit, ...filters } = list.query;
  const [ticked, setTicked] = useState<ReadonlySet<number | string>>(new Set());
  const [opened, setOpened] = useState<Notification | null>(null);
  // Only unread rows on screen can be ticked: a row read or gone since drops out of the selection.
  const selected = new Set(list.rows.filter((n) => n.read_at === null && ticked.has(n.id)).map((n) => n.id));

  const markSelected = async () => {
    if (selected.size === 0) {
      messages.error(t('list.checkMessage'));
      return;
    }
    await notificationApi.markRead([...selected]);
    messages.success(t('list.markedRead'), { id: 'notification-marked' });
    setTicked(new Set());
    list.reload();
  };
  const markAll = async () => {
    await notificationApi.markAllRead();
    messages.success(t('list.allMarkedRead'), { id: 'notification-all-marked' });
    setTicked(new Set());
    list.reload();
  };

  const { patchRows, reload } = list;
  const onLoaded = useCallback((item: Notification) => patchRows((row) => (row.id === item.id ? { ...row, read_at: item.read_at } : row)), [patchRows]);
  const closeDetail = useCallback(() => {
    setOpened(null);
    // The read-status filter may now exclude the row: the server decides.
    if (filters.status !== 'all') reload();
  }, [filters.status, reload]);

  const columns: Column<Notification>[] = [
    {
      key: 'icon',
      header: null,
      headerProps: { w: '10' },
      cell: (row) => (
        <Icon
          size="sm"
          color={row.read_at === null ? 'orange.400' : 'fg.subtle'}
          data-testid={row.read_at === null ? 'icon-unread' : 'icon-read'}
          aria-label={row.read_at === null ? t('list.statusUnread') : t('list.statusRead')}
          role="img"
        >
          {row.read_at === null ? <LuMail /> : <LuMailOpen />}
        </Icon>
      ),
    },
    {
      key: 'message',
      header: t('list.colMessage'),
      // A minimum width and no wrapping: at 360 px the header wrapped one character per line (訊/息).
      headerProps: { textStyle: 'xs', minW: '28', whiteSpace: 'nowrap', 'data-testid': 'column-message' },
      cellProps: (row) => ({ textStyle: 'sm', fontWeight: row.read_at === null ? 'bold' : 'normal', color: row.read_at === null ? 'fg' : 'fg.muted', maxW: '0', minW: '28', w: 'full' }),
      cell: (row) => (
        <Text truncate data-testid="notification-text">
          {row.plain_text.replace(/\n/g, ' ')}
        </Text>
      ),
    },
    {
      key: 'created',
      header: t('list.colCreatedAt'),
      headerProps: { w: { base: '36', md: '48' }, textStyle: 'xs' },
      sort: { order: filters.order, onToggle: () => list.setFilters({ ...filters, order: filters.order === 'asc' ? 'desc' : 'asc' }), ascTitle: t('list.sortAsc'), descTitle: t('list.sortDesc') },
      cellProps: { textStyle: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' },
      cell: (row) => (
        <time dateTime={row.created_at} title={formatDateTime(row.created_at)} data-testid="notification-time">
          {relativeTime(row.created_at, language, now)}
        </time>
      ),
    },
  ];

  return (
    <Stack gap="4" maxW="6xl" mx="auto">
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <HeadingBlock as="h1" title={t('list.heading')} lead={t('list.subtitle')} leadSize="xs" />
        <HStack gap="2">
          <Menu.Root positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <Button size="xs" variant="outline">
                <LuListChecks />
                {t('list.actions')}
                <LuChevronDown />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="48">
                  <Menu.Item value="selected" onClick={markSelected} textStyle="xs">
                    <LuMailOpen />
                    {t('list.markSelected')}
                  </Menu.Item>
                  <Menu.Item value="all" onClick={markAll} textStyle="xs">
                    <LuCheckCheck />
                    {t('list.markAll')}
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
          {canSend && (
            <Button asChild size="xs" colorPalette="brand">
              <RouterLink to="/notification/send">
                <LuSend />
                {t('list.send')}
              </RouterLink>
            </Button>
          )}
        </HStack>
      </Flex>

      <Card.Root size="sm" variant="outline">
        <Card.Body gap="4">
          <NotificationFilters value={filters} onChange={(next) => list.setFilters({ ...filters, ...next })} />

          <DataTable<Notification>
            list={list}
            columns={columns}
            rowKey={(row) => row.id}
            rowProps={(row) => ({
              'data-testid': 'notification-row',
              'data-unread': row.read_at === null || undefined,
              title: t('list.rowHint'),
              cursor: 'pointer',
              onDoubleClick: () => setOpened(row),
              onKeyDown: (event) => event.key === 'Enter' && setOpened(row),
              tabIndex: 0,
              bg: row.read_at === null ? 'brand.50/40' : undefined,
            })}
            tableProps={{ interactive: true, 'data-testid': 'notification-table' }}
            empty={{ title: t('list.empty'), hint: t('list.emptyHint'), icon: <LuInbox /> }}
            selection={{
              selected,
              onChange: setTicked,
              selectable: (row) => row.read_at === null,
              allLabel: t('list.selectAll'),
              rowLabel: () => t('list.selectRow'),
            }}
            footer={
              selected.size > 0 && (
                <Badge size="sm" colorPalette="brand" variant="subtle">
                  {t('list.selected', { count: selected.size })}
                </Badge>
              )
            }
          />
        </Card.Body>
      </Card.Root>

      <NotificationDetailDialog notification={opened} onClose={closeDetail} onLoaded={onLoaded} />
    </Stack>
  );
}
