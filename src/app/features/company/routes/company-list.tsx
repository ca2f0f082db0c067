/**
 * admin/company — the agency's companies (issue 15): search by name, the paged table (id, name, how
 * many admins may act for it, created; its public URL under the name when it has one), and with
 * `company.edit` a create button and an edit action per row (name, public URL, time zone). The server decides who sees which companies (super admins: all) and what a valid name is.
 * After a create or a rename the session reads its info again, so the navbar's company switcher
 * lists the company under its new name at once.
 */
import { Badge, Button, Card, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import type { ParseKeys } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { DataTable } from '@/app/components/data-table/data-table';
import { PageHeader } from '@/app/components/page-header';
import { SearchBox } from '@/app/components/search-box';
import { Permission } from '@/app/features/auth/components/permission';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { companiesChanged } from '@/app/features/auth/session';
import { type PagedQuery, usePagedList } from '@/app/hooks/use-paged-list';
import { useCurrentCompany } from '@/app/lib/company';
import { formatDateTime } from '@/app/lib/dates';
import { savedMessage } from '@/app/lib/feedback';
import { usePageTitle } from '@/app/lib/title';
import { CompanyDialog } from '../components/company-dialog';

type Company = components['schemas']['Company'];
/** Part of the company's name. */
interface NameFilter {
  keyword: string;
}
const NO_KEYWORD: NameFilter = { keyword: '' };

export function CompanyListPage() {
  const { t } = useTranslation('company');
  // usePageTitle takes default-namespace keys; i18next reads the `company:` prefix at run time.
  usePageTitle('company:title' as ParseKeys);
  const canEdit = usePermission('company.edit');
  const current = useCurrentCompany();
  const [dialog, setDialog] = useState<{ company: Company | null } | null>(null);

  const load = useCallback(({ page, limit, keyword }: PagedQuery<NameFilter>) => dataOf(client.POST('/company/list', { body: { page, limit, ...(keyword ? { keyword } : {}) } })), []);
  const list = usePagedList<Company, NameFilter>(load, NO_KEYWORD);

  const nameCell = (company: Company) => (
    <>
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium" data-testid="company-name">
          {company.name}
        </Text>
        {String(company.id) === current.id && (
          <Badge size="sm" colorPalette="brand" variant="subtle">
            {t('current')}
          </Badge>
        )}
      </HStack>
      {company.public_url && (
        <Text textStyle="xs" color="fg.muted" wordBreak="break-all" data-testid="company-public-url">
          {t('publicUrlShort', { url: company.public_url })}
        </Text>
      )}
    </>
  );

  return (
    <Stack gap="4" maxW="5xl">
      <PageHeader title={t('heading')} subtitle={t('subtitle')} />
      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3">
          <Flex justify="space-between" wrap="wrap" gap="2">
            <SearchBox label={t('search')} name="keyword" maxLength={255} onSearch={(keyword) => list.setFilters({ keyword })} />
            <Permission name="company.edit">
              <Button size="sm" colorPalette="brand" onClick={() => setDialog({ company: null })} data-testid="company-create">
                <LuPlus />
                {t('create')}
              </Button>
            </Permission>
          </Flex>
          <DataTable<Company>
            list={list}
            rowKey={(company) => company.id}
            rowProps={(company) => ({ 'data-testid': 'company-row', 'data-id': company.id })}
            tableProps={{ interactive: true, 'data-testid': 'company-table' }}
            empty={{ title: t('empty') }}
            columns={[
              { key: 'id', header: t('col.id'), headerProps: { w: '16' }, cellProps: { color: 'fg.muted', fontVariantNumeric: 'tabular-nums' }, cell: (company) => company.id },
              { key: 'name', header: t('col.name'), headerProps: { minW: '40' }, cell: nameCell },
              {
                key: 'admins',
                header: t('col.admins'),
                align: 'end',
                headerProps: { w: '24', title: t('adminCountHint') },
                cellProps: { fontVariantNumeric: 'tabular-nums' },
                cell: (company) => t('adminCount', { count: company.admin_count }),
              },
              {
                key: 'created',
                header: t('col.createdAt'),
                headerProps: { w: '44' },
                cellProps: { textStyle: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' },
                cell: (company) => formatDateTime(company.created_at),
              },
              canEdit && {
                key: 'actions',
                header: t('col.actions'),
                align: 'end',
                headerProps: { w: '28' },
                cell: (company) => (
                  <IconButton size="xs" variant="ghost" aria-label={t('editOf', { name: company.name })} title={t('edit')} onClick={() => setDialog({ company })}>
                    <LuPencil />
                  </IconButton>
                ),
              },
            ]}
          />
        </Card.Body>
      </Card.Root>
      <CompanyDialog
        open={dialog !== null}
        company={dialog?.company ?? null}
        onClose={() => setDialog(null)}
        onSaved={({ name }) => {
          savedMessage(t(dialog?.company ? 'saved' : 'created', { name }));
          setDialog(null);
          list.reload();
          companiesChanged(); // the switcher lists it (or its new name) at once
        }}
      />
    </Stack>
  );
}
