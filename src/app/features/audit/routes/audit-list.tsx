/**
 * admin/audit — the audit trail of the company the tab acts for (issue 15), newest first: filters
 * (keyword, admin, operation, time range), the paged table (time, who, company, operation, target,
 * outcome, client address; on a phone the company, target and address only in the drawer), a drawer
 * with every field of an entry (click or Enter on a row), and the CSV export of everything the
 * filters select (`/audit/export`, a download through the API client). The server decides which entries an admin
 * may read (audit.list, the Cid's company; super admins also those tied to no company).
 * Times are the company's (issue 33): the list answers its time zone, the table, the drawer and the
 * date filter use it as the CSV does (src/domain/zoned-time.ts), and a caption says so, so an entry
 * reads the same on screen and in the file wherever the browser is.
 */
import { Badge, Button, Card, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import type { ParseKeys } from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuHistory } from 'react-icons/lu';
import { selectCompanies } from '@machines/session/selectors';
import { asFile, dataOf, fileOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';
import { type Column, DataTable } from '@/app/components/data-table/data-table';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { type PagedQuery, usePagedList } from '@/app/hooks/use-paged-list';
import { currentLanguage } from '@/app/i18n';
import { toCreatedAt } from '@/app/lib/dates';
import { relativeTime } from '@/app/lib/relative-time';
import { formatZoned, zonedDayRange, zoneOffset } from '@/domain/zoned-time';
import { saveFile } from '@/app/lib/save-file';
import { usePageTitle } from '@/app/lib/title';
import { type AdminOption, AuditFilters, type AuditFilterValues, EMPTY_AUDIT_FILTERS } from '../components/audit-filters';
import { AuditDetailDrawer } from '../components/audit-detail-drawer';
import { type AuditEntry, OUTCOME_PALETTE, operationLabel, targetLabel } from '../lib/operations';
import { HeadingBlock } from '@/app/components/heading-block';

type ExportRequest = components['schemas']['AuditExportRequest'];

/** The filters as /audit/list and /audit/export take them (whole days of the company's zone once known). */
function filterBody(filters: AuditFilterValues, timeZone: string | null): ExportRequest {
  const body: ExportRequest = {};
  if (filters.keyword) body.keyword = filters.keyword;
  if (filters.adminId !== null) body.admin_id = filters.adminId;
  if (filters.operation) body.operation = filters.operation;
  const range = !filters.from || !filters.to ? null : timeZone ? zonedDayRange(filters.from, filters.to, timeZone) : toCreatedAt(filters.from, filters.to);
  if (range) body.created_at = range;
  return body;
}

/** The company's admins for the admin filter, when the user may list them (else null). */
function useAdminOptions(): AdminOption[] | null {
  const canList = usePermission('admin.list');
  const [admins, setAdmins] = useState<AdminOption[] | null>(null);
  useEffect(() => {
    if (!canList) return;
    let live = true;
    dataOf(client.POST('/admin/list', { body: { page: 1, limit: 100, sort: 'username', order: 'asc' }, ...withOptions({ errors: 'none' }) }))
      .then((data) => live && setAdmins(data.list.map((admin) => ({ id: admin.id, label: admin.name && admin.name !== admin.username ? `${admin.username} (${admin.name})` : admin.username }))))
      .catch(() => live && setAdmins(null)); // the filter falls back to the chip
    return () => {
      live = false;
    };
  }, [canList]);
  return canList ? admins : null;
}

export function AuditListPage() {
  const { t } = useTranslation('audit');
  // usePageTitle takes default-namespace keys; i18next reads the `audit:` prefix at run time.
  usePageTitle('audit:title' as ParseKeys);
  const companies = useSession(selectCompanies);
  const admins = useAdminOptions();

  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  // The company's time zone, as the last list answered it (null until then).
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const load = useCallback(
    ({ page, limit, ...filters }: PagedQuery<AuditFilterValues>) =>
      dataOf(client.POST('/audit/list', { body: { page, limit, ...filterBody(filters, timeZone) } })).then((data) => {
        setTimeZone(data.time_zone);
        return data;
      }),
    [timeZone],
  );
  const list = usePagedList<AuditEntry, AuditFilterValues>(load, EMPTY_AUDIT_FILTERS);
  const { page: _page, limit: _limit, ...filters } = list.query;
  const body = useMemo(() => filterBody(list.query, timeZone), [list.query, timeZone]);
  const timeOf = useCallback((iso: string) => (timeZone ? formatZoned(new Date(iso), timeZone) : ''), [timeZone]);

  const companyName = useCallback(
    (id: number | null) => (id === null ? t('noCompany') : (companies.find((company) => company.id === id)?.name ?? t('companyUnknown', { id }))),
    [companies, t],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await fileOf(client.POST('/audit/export', { body, ...asFile() }));
      saveFile(file.blob, file.filename);
    } catch {
      // shown by the API client
    } finally {
      setExporting(false);
    }
  }

  const language = currentLanguage();
  // On a phone the time wraps under the date and the columns shrink, so the operation and its outcome
  // fit; the company, target and address are read in the drawer.
  const columns: Column<AuditEntry>[] = [
    {
      key: 'time',
      header: t('col.time'),
      headerProps: { w: { sm: '40' } },
      cellProps: (entry) => ({ textStyle: 'xs', title: relativeTime(entry.created_at, language), 'data-testid': 'audit-time' }),
      cell: (entry) => (
        <>
          <Text as="span" whiteSpace="nowrap" display={{ base: 'block', sm: 'inline' }}>
            {timeOf(entry.created_at).split(' ')[0]}
          </Text>{' '}
          <Text as="span" whiteSpace="nowrap" display={{ base: 'block', sm: 'inline' }}>
            {timeOf(entry.created_at).split(' ')[1]}
          </Text>
        </>
      ),
    },
    {
      key: 'who',
      header: t('col.who'),
      headerProps: { minW: { sm: '28' } },
      cell: (entry) => (
        <>
          <Text textStyle="sm" fontWeight="medium" truncate maxW={{ base: '24', sm: '40' }}>
            {entry.username || t('unknownAdmin')}
          </Text>
          {entry.admin_id !== null && (
            <Text textStyle="2xs" color="fg.muted">
              #{entry.admin_id}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'company',
      header: t('col.company'),
      hideBelow: 'md',
      headerProps: { minW: '28' },
      cellProps: (entry) => ({ textStyle: 'sm', color: entry.company_id === null ? 'fg.muted' : undefined }),
      cell: (entry) => (
        <Text truncate maxW="40">
          {companyName(entry.company_id)}
        </Text>
      ),
    },
    {
      key: 'operation',
      header: t('col.operation'),
      headerProps: { minW: { sm: '32' } },
      cellProps: { textStyle: 'sm', whiteSpace: { base: 'normal', sm: 'nowrap' } },
      cell: (entry) => operationLabel(entry.operation, t),
    },
    {
      key: 'target',
      header: t('col.target'),
      hideBelow: 'sm',
      headerProps: { minW: '24' },
      cellProps: { textStyle: 'xs', whiteSpace: 'nowrap', color: 'fg.muted' },
      cell: (entry) => targetLabel(entry, t) || t('detail.none'),
    },
    {
      key: 'outcome',
      header: t('col.outcome'),
      headerProps: { w: '24' },
      cell: (entry) => (
        <Badge size="sm" variant="subtle" colorPalette={OUTCOME_PALETTE[entry.outcome]} data-testid="audit-outcome">
          {t(`outcome.${entry.outcome}`)}
        </Badge>
      ),
    },
    {
      key: 'ip',
      header: t('col.ip'),
      hideBelow: 'md',
      headerProps: { w: '32' },
      cellProps: { textStyle: 'xs', color: 'fg.muted', fontFamily: 'mono', whiteSpace: 'nowrap' },
      cell: (entry) => entry.ip,
    },
  ];


  return (
    <Stack gap="4" maxW="7xl">
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <HeadingBlock as="h1" title={t('heading')} lead={t('subtitle')}>
          {timeZone && (
            <Text textStyle="xs" color="fg.muted" mt="1" data-testid="audit-time-zone">
              {t('timeZoneCaption', { zone: timeZone, offset: zoneOffset(new Date(), timeZone) })}
            </Text>
          )}
        </HeadingBlock>
        <Button size="xs" variant="outline" onClick={() => void exportCsv()} disabled={exporting} aria-busy={exporting} title={t('exportHint')} data-testid="audit-export">
          {exporting ? <Spinner size="xs" /> : <LuDownload />}
          {t('export')}
        </Button>
      </Flex>

      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="4">
          <AuditFilters value={filters} onChange={list.setFilters} admins={admins} timeZone={timeZone} />

          <DataTable<AuditEntry>
            list={list}
            rowKey={(entry) => entry.id}
            rowProps={(entry) => ({
              'data-testid': 'audit-row',
              'data-operation': entry.operation,
              title: t('rowHint'),
              cursor: 'pointer',
              tabIndex: 0,
              onClick: () => setOpened(entry),
              onKeyDown: (event) => event.key === 'Enter' && setOpened(entry),
            })}
            tableProps={{ interactive: true, 'data-testid': 'audit-table' }}
            empty={{ title: t('empty'), hint: t('emptyHint'), icon: <LuHistory /> }}
            columns={columns}
          />
        </Card.Body>
      </Card.Root>

      <AuditDetailDrawer
        entry={opened}
        companyName={companyName}
        timeOf={timeOf}
        onClose={() => setOpened(null)}
        onOnlyAdmin={(adminId, username) => {
          setOpened(null);
          list.setFilters({ ...filters, adminId, adminName: username });
        }}
      />
    </Stack>
  );
}
