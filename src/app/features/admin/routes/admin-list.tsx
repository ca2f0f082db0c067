/**
 * /admin/index — the admins of the company (issue 15): keyword, role and status filters, the paged
 * table (username, name, email, roles, companies, status, created), and, for holders of `admin.edit`
 * (the permission directive, `<Permission>`), create, edit, enable/disable and delete, plus the
 * sheet import. Row actions the guard rails refuse (yourself, someone holding more than you) are
 * greyed out with the reason; the server decides, and its refusals are shown by the API client.
 */
import { Badge, Button, Card, HStack, IconButton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBan, LuCircleCheck, LuFileUp, LuPlus } from 'react-icons/lu';
import { DataTable } from '@/app/components/data-table/data-table';
import { RowActions } from '@/app/components/data-table/row-actions';
import { PageHeader } from '@/app/components/page-header';
import { dialogs } from '@/app/components/ui/dialogs';
import { Permission } from '@/app/features/auth/components/permission';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { selectAdminId } from '@/app/features/auth/lib/token';
import { type PagedQuery, usePagedList } from '@/app/hooks/use-paged-list';
import { savedMessage } from '@/app/lib/feedback';
import { canGrantCompany, canManage } from '@/domain/access-rules';
import { type DomainLang, formatDomainMessage } from '@/domain/messages';
import { type Admin, adminApi, type Role, roleApi } from '../api/admin-api';
import { AdminDialog } from '../components/admin-dialog';
import { AdminFilters, type AdminFilterValues, NO_FILTERS } from '../components/admin-filters';
import { ImportDialog } from '../components/import-dialog';
import { useGrantor, useMyCompanies } from '../hooks/use-grantor';
import { targetOf } from '../lib/access';
import { formatDate } from '../lib/format';
import { useAdminPageTitle } from '../lib/page-title';
import type { PermissionNode } from '../lib/permission-tree';

const NO_ROLES: Role[] = [];

function listRequest({ page, limit, keyword, role, status }: PagedQuery<AdminFilterValues>) {
  return {
    page,
    limit,
    order: 'desc' as const,
    sort: 'created_at',
    ...(keyword ? { keyword } : {}),
    ...(role ? { role } : {}),
    ...(status ? { status: Number(status) as 0 | 1 } : {}),
  };
}

export function AdminListPage() {
  const { t, i18n } = useTranslation('admin');
  useAdminPageTitle('admins.pageTitle');
  const lang: DomainLang = i18n.language?.toLowerCase().startsWith('zh') ? 'zh-TW' : 'en';
  const canEdit = usePermission('admin.edit');
  const myId = useSession(selectAdminId);
  const companies = useMyCompanies();

  const [roles, setRoles] = useState<Role[]>(NO_ROLES);
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [editing, setEditing] = useState<{ admin: Admin | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const grantor = useGrantor(roles);

  useEffect(() => {
    let live = true;
    roleApi.list().then((list) => live && setRoles(list), () => undefined);
    roleApi.permissionTree().then((list) => live && setTree(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);

  const load = useCallback((query: PagedQuery<AdminFilterValues>) => adminApi.list(listRequest(query)), []);
  const list = usePagedList<Admin, AdminFilterValues>(load, NO_FILTERS);
  const filters: AdminFilterValues = { keyword: list.query.keyword, role: list.query.role, status: list.query.status };

  const roleTitles = useMemo(() => new Map(roles.map((role) => [role.identifier, role])), [roles]);
  const companyNames = useMemo(() => new Map(companies.map((company) => [company.id, company.name])), [companies]);
  // The session's own token says who is logged in (its `sub`), not the last username this browser saw.
  const isSelf = (admin: Admin) => myId !== null && String(admin.id) === myId;
  /** Why the logged-in admin may not change this one at all (the guard rails' sentence), or null. */
  const manageRefusal = (admin: Admin): string | null => {
    if (isSelf(admin) || roles.length === 0) return null;
    if (!canManage(grantor, targetOf(admin, roles))) return formatDomainMessage(lang, 'access.targetAboveYou');
    const beyond = admin.company_ids.filter((id) => !canGrantCompany(grantor, id));
    if (beyond.length === 0) return null;
    return formatDomainMessage(lang, 'access.targetOtherCompanies', { companies: beyond.map((id) => companyNames.get(id) ?? `#${id}`).join(', ') });
  };

  async function setStatus(admin: Admin, status: 0 | 1) {
    if (status === 0) {
      const confirmed = await dialogs.confirm({
        title: t('common.confirmTitle'),
        message: t('admins.confirmDisable', { username: admin.username }),
        confirmLabel: t('admins.disable'),
        cancelLabel: t('common.cancel'),
      });
      if (!confirmed) return;
    }
    try {
      const { id, username, name, email, roles: held } = admin;
      await adminApi.update({ id, username, name, email, roles: held, status });
      savedMessage(status === 1 ? t('admins.enabled') : t('admins.disabled'));
      list.reload();
    } catch {
      // shown by the API client
    }
  }

  async function remove(admin: Admin) {
    const confirmed = await dialogs.confirm({
      title: t('common.confirmTitle'),
      message: t('admins.confirmDelete', { username: admin.username }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await adminApi.remove(admin.id);
      savedMessage(t('admins.deleted'));
      list.reload();
    } catch {
      // shown by the API client
    }
  }

  const usernameCell = (admin: Admin) => (
    <>
      <Text fontWeight="medium">
        {admin.username}
        {isSelf(admin) && (
          <Badge size="xs" ms="1.5" colorPalette="brand" variant="subtle">
            {t('admins.you')}
          </Badge>
        )}
      </Text>
      {/* On narrow screens only this column and the actions are shown: the others are here. */}
      <Stack hideFrom="md" gap="1" mt="0.5" textStyle="xs" color="fg.muted">
        <Text>{admin.name}</Text>
        <Text wordBreak="break-all">{admin.email}</Text>
        <Wrap gap="1">
          <StatusBadge status={admin.status} />
          <RoleBadges admin={admin} roles={roleTitles} />
          <CompanyBadges ids={admin.company_ids} names={companyNames} />
        </Wrap>
      </Stack>
      <Text hideBelow="md" hideFrom="lg" textStyle="xs" color="fg.muted" wordBreak="break-all">
        {admin.email}
      </Text>
    </>
  );

  const actions = (admin: Admin) => {
    const self = isSelf(admin);
    const refusal = manageRefusal(admin);
    return (
      <RowActions
        label={admin.username}
        onEdit={() => setEditing({ admin })}
        editRefusal={refusal}
        onDelete={() => void remove(admin)}
        deleteRefusal={refusal ?? (self ? formatDomainMessage(lang, 'access.deleteSelf') : null)}
      >
        {admin.status === 1 ? (
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="orange"
            aria-label={`${t('admins.disable')} ${admin.username}`}
            title={refusal ?? (self ? formatDomainMessage(lang, 'access.disableSelf') : t('admins.disable'))}
            disabled={refusal !== null || self}
            onClick={() => void setStatus(admin, 0)}
          >
            <LuBan />
          </IconButton>
        ) : (
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="green"
            aria-label={`${t('admins.enable')} ${admin.username}`}
            title={refusal ?? t('admins.enable')}
            disabled={refusal !== null}
            onClick={() => void setStatus(admin, 1)}
          >
            <LuCircleCheck />
          </IconButton>
        )}
      </RowActions>
    );
  };

  return (
    <Stack gap="4">
      <PageHeader title={t('admins.heading')} subtitle={t('admins.subtitle')}>
        <Permission name="admin.edit">
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => setImporting(true)} data-testid="open-import">
              <LuFileUp />
              {t('import.open')}
            </Button>
            <Button size="sm" colorPalette="brand" onClick={() => setEditing({ admin: null })} data-testid="create-admin">
              <LuPlus />
              {t('admins.create')}
            </Button>
          </HStack>
        </Permission>
      </PageHeader>

      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3">
          <AdminFilters value={filters} roles={roles} onChange={list.setFilters} />
          <DataTable<Admin>
            list={list}
            compactPager
            rowKey={(admin) => admin.id}
            rowProps={(admin) => ({ 'data-testid': 'admin-row', 'data-username': admin.username, opacity: admin.status === 0 ? 0.75 : 1 })}
            tableProps={{ 'data-testid': 'admin-table' }}
            empty={{ title: t('common.empty') }}
            columns={[
              { key: 'username', header: t('fields.username'), headerProps: { minW: '32' }, cell: usernameCell },
              { key: 'name', header: t('fields.name'), hideBelow: 'md', cell: (admin) => admin.name },
              { key: 'email', header: t('fields.email'), hideBelow: 'lg', cellProps: { wordBreak: 'break-all' }, cell: (admin) => admin.email },
              {
                key: 'roles',
                header: t('fields.roles'),
                hideBelow: 'md',
                cell: (admin) => (
                  <Wrap gap="1" data-testid="admin-roles">
                    <RoleBadges admin={admin} roles={roleTitles} />
                  </Wrap>
                ),
              },
              {
                key: 'companies',
                header: t('fields.companies'),
                hideBelow: 'md',
                cell: (admin) => (
                  <Wrap gap="1" data-testid="admin-companies">
                    <CompanyBadges ids={admin.company_ids} names={companyNames} />
                  </Wrap>
                ),
              },
              { key: 'status', header: t('fields.status'), hideBelow: 'md', cellProps: { 'data-testid': 'admin-status' }, cell: (admin) => <StatusBadge status={admin.status} /> },
              {
                key: 'created',
                header: t('fields.createdAt'),
                hideBelow: 'xl',
                cellProps: { whiteSpace: 'nowrap', textStyle: 'xs', color: 'fg.muted' },
                cell: (admin) => formatDate(admin.created_at),
              },
              canEdit && { key: 'actions', header: t('common.actions'), align: 'end', cell: actions },
            ]}
          />
        </Card.Body>
      </Card.Root>

      <AdminDialog
        open={editing !== null}
        admin={editing?.admin ?? null}
        isSelf={editing?.admin ? isSelf(editing.admin) : false}
        roles={roles}
        tree={tree}
        grantor={grantor}
        companies={companies}
        lang={lang}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={list.reload} />
    </Stack>
  );
}

function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('admin');
  return (
    <Badge size="sm" colorPalette={status === 1 ? 'green' : 'red'} variant="subtle">
      {status === 1 ? t('status.enabled') : t('status.disabled')}
    </Badge>
  );
}

/** The admin's roles by title (super roles in purple), and how many permissions it holds directly. */
function RoleBadges({ admin, roles }: { admin: Admin; roles: ReadonlyMap<string, Role> }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {admin.roles.map((identifier) => {
        const role = roles.get(identifier);
        return (
          <Badge key={identifier} size="sm" variant="surface" colorPalette={role?.is_super ? 'purple' : 'gray'} title={identifier}>
            {role?.title ?? identifier}
          </Badge>
        );
      })}
      {admin.permissions.length > 0 && (
        <Badge size="sm" variant="outline" title={admin.permissions.join(', ')}>
          {t('admins.directCount', { count: admin.permissions.length })}
        </Badge>
      )}
    </>
  );
}

/** Companies by name; one the logged-in admin may not act for by its number. */
function CompanyBadges({ ids, names }: { ids: readonly number[]; names: ReadonlyMap<number, string> }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {ids.map((id) => (
        <Badge key={id} size="sm" variant="subtle" colorPalette="teal">
          {names.get(id) ?? t('companies.unknown', { id })}
        </Badge>
      ))}
    </>
  );
}
