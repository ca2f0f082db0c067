/**
 * /admin/role — the roles of the agency (issue 15): identifier, title, how many permissions each gives
 * and how many admins hold it, super roles marked. Holders of `role.edit` create, edit and delete roles
 * (the server refuses deleting a role admins still hold, and says how many); super roles hold every
 * permission and are read-only, so they open for reading only.
 */
import { Badge, Button, Card, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuLock, LuPlus } from 'react-icons/lu';
import { DataTable } from '@/app/components/data-table/data-table';
import { RowActions } from '@/app/components/data-table/row-actions';
import { PageHeader } from '@/app/components/page-header';
import { dialogs } from '@/app/components/ui/dialogs';
import { Permission } from '@/app/features/auth/components/permission';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { usePagedList } from '@/app/hooks/use-paged-list';
import { savedMessage } from '@/app/lib/feedback';
import { type Role, roleApi } from '../api/admin-api';
import { RoleDialog } from '../components/role-dialog';
import { useGrantor } from '../hooks/use-grantor';
import { useAdminPageTitle } from '../lib/page-title';
import type { PermissionNode } from '../lib/permission-tree';

const NO_FILTER = {};
const loadRoles = () => roleApi.list().then((list) => ({ list, total: list.length }));

export function RoleListPage() {
  const { t } = useTranslation('admin');
  useAdminPageTitle('roles.pageTitle');
  const canEdit = usePermission('role.edit');
  // Every role comes in one answer: the list hook reads, reloads and reports, the table has no pager.
  const list = usePagedList<Role, object>(loadRoles, NO_FILTER);
  const roles = list.rows;
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [open, setOpen] = useState<{ role: Role | null; readOnly: boolean } | null>(null);
  const grantor = useGrantor(roles);
  const reload = list.reload;

  useEffect(() => {
    let live = true;
    roleApi.permissionTree().then((list) => live && setTree(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);

  async function remove(role: Role) {
    const confirmed = await dialogs.confirm({
      title: t('common.confirmTitle'),
      message: role.admin_count > 0 ? t('roles.confirmDeleteHeld', { title: role.title, count: role.admin_count }) : t('roles.confirmDelete', { title: role.title }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await roleApi.remove(role.id);
      savedMessage(t('roles.deleted'));
      reload();
    } catch {
      // shown by the API client (a role admins still hold is refused with their number)
    }
  }

  const titleCell = (role: Role) => {
    const isSuper = role.is_super === 1;
    return (
      <>
        <HStack gap="1.5" wrap="wrap">
          <Text fontWeight="medium">{role.title}</Text>
          {isSuper && (
            <Badge size="sm" colorPalette="purple" variant="subtle" data-testid="super-badge">
              <LuLock />
              {t('roles.super')}
            </Badge>
          )}
        </HStack>
        {/* On a phone the counts are read here, so the actions stay on screen. */}
        <Text hideFrom="sm" textStyle="xs" color="fg.muted">
          {[
            role.identifier,
            isSuper ? t('roles.allPermissionsShort') : t('roles.permissionCountShort', { count: role.permissions.length }),
            t('roles.adminCountShort', { count: role.admin_count }),
          ].join(' · ')}
        </Text>
      </>
    );
  };

  // A super role holds every permission and is read-only: it opens for reading, like any role for a reader.
  const actions = (role: Role) =>
    canEdit && role.is_super !== 1 ? (
      <RowActions label={role.title} onEdit={() => setOpen({ role, readOnly: false })} onDelete={() => void remove(role)} />
    ) : (
      <RowActions label={role.title}>
        <IconButton size="xs" variant="ghost" aria-label={`${t('roles.view')} ${role.title}`} title={t('roles.view')} onClick={() => setOpen({ role, readOnly: true })}>
          <LuEye />
        </IconButton>
      </RowActions>
    );

  return (
    <Stack gap="4">
      <PageHeader title={t('roles.heading')} subtitle={t('roles.subtitle')}>
        <Permission name="role.edit">
          <Button size="sm" colorPalette="brand" alignSelf={{ base: 'flex-start', sm: 'auto' }} onClick={() => setOpen({ role: null, readOnly: false })} data-testid="create-role">
            <LuPlus />
            {t('roles.create')}
          </Button>
        </Permission>
      </PageHeader>

      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3">
          <DataTable<Role>
            list={list}
            unpaged
            rowKey={(role) => role.id}
            rowProps={(role) => ({ 'data-testid': 'role-row', 'data-identifier': role.identifier })}
            tableProps={{ 'data-testid': 'role-table' }}
            empty={{ title: t('common.empty') }}
            columns={[
              { key: 'title', header: t('roles.titleField'), cell: titleCell },
              { key: 'identifier', header: t('roles.identifier'), hideBelow: 'sm', cellProps: { fontFamily: 'mono', textStyle: 'xs' }, cell: (role) => role.identifier },
              {
                key: 'permissions',
                header: t('roles.permissionCount'),
                hideBelow: 'sm',
                align: 'end',
                cellProps: { fontVariantNumeric: 'tabular-nums', 'data-testid': 'role-permission-count' },
                cell: (role) => (role.is_super === 1 ? t('roles.allPermissions') : role.permissions.length),
              },
              {
                key: 'admins',
                header: t('roles.adminCount'),
                hideBelow: 'sm',
                align: 'end',
                cellProps: { fontVariantNumeric: 'tabular-nums', 'data-testid': 'role-admin-count' },
                cell: (role) => role.admin_count,
              },
              { key: 'actions', header: t('common.actions'), align: 'end', cell: actions },
            ]}
          />
          <Text textStyle="xs" color="fg.muted" textAlign="end" data-testid="list-total">
            {t('common.total', { count: roles.length })}
          </Text>
        </Card.Body>
      </Card.Root>

      <RoleDialog
        open={open !== null}
        role={open?.role ?? null}
        readOnly={open?.readOnly ?? false}
        tree={tree}
        grantor={grantor}
        onClose={() => setOpen(null)}
        onSaved={() => {
          setOpen(null);
          reload();
        }}
      />
    </Stack>
  );
}
