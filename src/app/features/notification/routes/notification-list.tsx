/**
 * /notification: the admin's inbox. Filters, a send button, the mark-as-read menu (selected
 * or all), a table whose unread rows are bold with an amber envelope and only they can be selected,
 * sort by created time, pages of 10/25/50, and the detail dialog on double-click (which marks the row
 * read). The created time reads "how long ago" (docs/product.md; the shared helper, renewed every
 * minute), the date and time in its tooltip and in the detail. The list is the server's: after any
 * change it is fetched again.
 */
import { Badge, Box, Button, Card, Checkbox, EmptyState, Flex, Heading, HStack, Icon, IconButton, Menu, NativeSelect, Portal, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp, LuCheckCheck, LuChevronDown, LuChevronLeft, LuChevronRight, LuInbox, LuListChecks, LuMail, LuMailOpen, LuSend } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '@/app/components/ui/toaster';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { useNow } from '@/app/hooks/use-now';
import { PAGE_SIZES } from '@/app/hooks/use-paged-list';
import { currentLanguage } from '@/app/i18n';
import { formatDateTime, toCreatedAt } from '@/app/lib/dates';
import { relativeTime } from '@/app/lib/relative-time';
import { useNotificationPageTitle } from '../lib/page-title';
import { type Notification, type NotificationListRequest, notificationApi } from '../api/notifications';
import { EMPTY_FILTERS, type Filters, NotificationFilters } from '../components/notification-filters';
import { NotificationDetailDialog } from '../components/notification-detail-dialog';

function toRequest(filters: Filters, page: number, limit: number, order: 'asc' | 'desc'): NotificationListRequest {
  const request: NotificationListRequest = { page, limit, order, sort: 'created_at', created_at: toCreatedAt(filters.from, filters.to) };
  if (filters.message) request.message = filters.message;
  if (filters.status !== 'all') request.is_read = filters.status === 'read' ? 1 : 2;
  return request;
}

export function NotificationListPage() {
  const { t } = useTranslation('notification');
  useNotificationPageTitle('title.list');
  const canSend = usePermission('notification.send');
  const now = useNow();
  const language = currentLanguage();

  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]);
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [rows, setRows] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [reload, setReload] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [opened, setOpened] = useState<Notification | null>(null);

  const request = useMemo(() => toRequest(filters, page, limit, order), [filters, page, limit, order]);
  // The request and reload whose answer came (or failed): loading until the current ones have.
  const [answered, setAnswered] = useState<{ request: typeof request; reload: number } | null>(null);
  const loading = answered?.request !== request || answered.reload !== reload;
  useEffect(() => {
    let live = true;
    notificationApi.list(request).then(
      (data) => {
        if (!live) return;
        setRows(data.list);
        setTotal(data.total);
        setSelected((previous) => new Set(data.list.filter((n) => n.read_at === null && previous.has(n.id)).map((n) => n.id)));
        setAnswered({ request, reload });
      },
      () => live && setAnswered({ request, reload }),
    );
    return () => {
      live = false;
    };
  }, [request, reload]);

  const refresh = () => setReload((n) => n + 1);
  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };

  const unreadRows = rows.filter((n) => n.read_at === null);
  const allChecked = unreadRows.length > 0 && unreadRows.every((n) => selected.has(n.id));
  const someChecked = unreadRows.some((n) => selected.has(n.id));

  const markSelected = async () => {
    if (selected.size === 0) {
      messages.error(t('list.checkMessage'));
      return;
    }
    await notificationApi.markRead([...selected]);
    messages.success(t('list.markedRead'), { id: 'notification-marked' });
    setSelected(new Set());
    refresh();
  };
  const markAll = async () => {
    await notificationApi.markAllRead();
    messages.success(t('list.allMarkedRead'), { id: 'notification-all-marked' });
    setSelected(new Set());
    refresh();
  };

  const onLoaded = useCallback((item: Notification) => {
    setRows((current) => current.map((row) => (row.id === item.id ? { ...row, read_at: item.read_at } : row)));
    setSelected((current) => {
      if (!current.has(item.id)) return current;
      const next = new Set(current);
      next.delete(item.id);
      return next;
    });
  }, []);
  const closeDetail = useCallback(() => {
    setOpened(null);
    // The read-status filter may now exclude the row: the server decides.
    if (filters.status !== 'all') refresh();
  }, [filters.status]);

  const pages = Math.max(1, Math.ceil(total / limit));

  return (
    <Stack gap="4" maxW="6xl" mx="auto">
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Box>
          <Heading as="h1" size="lg">
            {t('list.heading')}
          </Heading>
          <Text textStyle="xs" color="fg.muted" mt="0.5">
            {t('list.subtitle')}
          </Text>
        </Box>
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
          <NotificationFilters value={filters} onChange={changeFilters} />

          <Box borderWidth="1px" rounded="l2" overflowX="auto">
            <Table.Root size="sm" interactive aria-busy={loading} data-testid="notification-table">
              <Table.Header bg="bg.subtle">
                <Table.Row>
                  <Table.ColumnHeader w="10" px="3">
                    <Checkbox.Root
                      size="sm"
                      aria-label={t('list.selectAll')}
                      disabled={unreadRows.length === 0}
                      checked={allChecked ? true : someChecked ? 'indeterminate' : false}
                      onCheckedChange={({ checked }) => setSelected(checked === true ? new Set(unreadRows.map((n) => n.id)) : new Set())}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader w="10" />
                  {/* A minimum width and no wrapping: at 360 px the header wrapped one character per line (訊/息). */}
                  <Table.ColumnHeader textStyle="xs" minW="28" whiteSpace="nowrap" data-testid="column-message">
                    {t('list.colMessage')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader w={{ base: '36', md: '48' }} textStyle="xs" aria-sort={order === 'asc' ? 'ascending' : 'descending'}>
                    <Button
                      size="2xs"
                      variant="ghost"
                      px="1"
                      ms="-1"
                      title={order === 'asc' ? t('list.sortDesc') : t('list.sortAsc')}
                      onClick={() => {
                        setOrder(order === 'asc' ? 'desc' : 'asc');
                        setPage(1);
                      }}
                    >
                      {t('list.colCreatedAt')}
                      {order === 'asc' ? <LuArrowUp /> : <LuArrowDown />}
                    </Button>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => {
                  const unread = row.read_at === null;
                  return (
                    <Table.Row
                      key={row.id}
                      data-testid="notification-row"
                      data-unread={unread || undefined}
                      title={t('list.rowHint')}
                      cursor="pointer"
                      onDoubleClick={() => setOpened(row)}
                      onKeyDown={(event) => event.key === 'Enter' && setOpened(row)}
                      tabIndex={0}
                      bg={unread ? 'brand.50/40' : undefined}
                    >
                      <Table.Cell px="3" onDoubleClick={(event) => event.stopPropagation()}>
                        <Checkbox.Root
                          size="sm"
                          aria-label={t('list.selectRow')}
                          disabled={!unread}
                          checked={selected.has(row.id)}
                          onCheckedChange={({ checked }) =>
                            setSelected((current) => {
                              const next = new Set(current);
                              if (checked === true) next.add(row.id);
                              else next.delete(row.id);
                              return next;
                            })
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      </Table.Cell>
                      <Table.Cell>
                        <Icon
                          size="sm"
                          color={unread ? 'orange.400' : 'fg.subtle'}
                          data-testid={unread ? 'icon-unread' : 'icon-read'}
                          aria-label={unread ? t('list.statusUnread') : t('list.statusRead')}
                          role="img"
                        >
                          {unread ? <LuMail /> : <LuMailOpen />}
                        </Icon>
                      </Table.Cell>
                      <Table.Cell textStyle="sm" fontWeight={unread ? 'bold' : 'normal'} color={unread ? 'fg' : 'fg.muted'} maxW="0" minW="28" w="full">
                        <Text truncate data-testid="notification-text">
                          {row.plain_text.replace(/\n/g, ' ')}
                        </Text>
                      </Table.Cell>
                      <Table.Cell textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                        <time dateTime={row.created_at} title={formatDateTime(row.created_at)} data-testid="notification-time">
                          {relativeTime(row.created_at, language, now)}
                        </time>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
            {!loading && rows.length === 0 && (
              <EmptyState.Root size="sm" py="10">
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <LuInbox />
                  </EmptyState.Indicator>
                  <VStack textAlign="center" gap="1">
                    <EmptyState.Title textStyle="sm">{t('list.empty')}</EmptyState.Title>
                    <EmptyState.Description textStyle="xs">{t('list.emptyHint')}</EmptyState.Description>
                  </VStack>
                </EmptyState.Content>
              </EmptyState.Root>
            )}
          </Box>

          <Flex justify="space-between" align="center" gap="3" wrap="wrap" textStyle="xs" color="fg.muted">
            <HStack gap="3">
              <Text data-testid="notification-total">{t('list.total', { count: total })}</Text>
              {selected.size > 0 && (
                <Badge size="sm" colorPalette="brand" variant="subtle">
                  {t('list.selected', { count: selected.size })}
                </Badge>
              )}
            </HStack>
            <HStack gap="2">
              <NativeSelect.Root size="xs" w="28">
                <NativeSelect.Field
                  aria-label={t('list.pageSize', { size: limit })}
                  value={String(limit)}
                  onChange={(event) => {
                    setLimit(Number(event.target.value));
                    setPage(1);
                  }}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {t('list.pageSize', { size })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <IconButton size="xs" variant="outline" aria-label={t('list.prev')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <LuChevronLeft />
              </IconButton>
              <Text minW="12" textAlign="center" color="fg">
                {page} / {pages}
              </Text>
              <IconButton size="xs" variant="outline" aria-label={t('list.next')} disabled={page >= pages} onClick={() => setPage(page + 1)}>
                <LuChevronRight />
              </IconButton>
            </HStack>
          </Flex>
        </Card.Body>
      </Card.Root>

      <NotificationDetailDialog notification={opened} onClose={closeDetail} onLoaded={onLoaded} />
    </Stack>
  );
}
