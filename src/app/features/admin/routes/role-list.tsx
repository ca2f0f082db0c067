/**
 * /admin/role — the roles of the agency (issue 15): identifier, title, how many permissions each gives
 * and how many admins hold it, super roles marked. Holders of `role.edit` create, edit and delete roles
 * (the server refuses deleting a role admins still hold, and says how many); super roles hold every
 * permission and are read-only, so they open for reading only.
 */
import { Badge, Button, Card, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuLock, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { PageHeader } from '@/app/components/page-header';
import { dialogs } from '@/app/components/ui/dialogs';
import { Permission } from '@/app/features/auth/components/permission';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { savedMessage } from '@/app/lib/feedback';
import { type Role, roleApi } from '../api/admin-api';
import { RoleDialog } from '../components/role-dialog';
import { useGrantor } from '../hooks/use-grantor';
import { useAdminPageTitle } from '../lib/page-title';
import type { PermissionNode } from '../lib/permission-tree';

export function RoleListPage() {
  const { t } = useTranslation('admin');
  useAdminPageTitle('roles.pageTitle');
  const canEdit = usePermission('role.edit');
  const [roles, setRoles] = useState<Role[]>([]);
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [version, setVersion] = useState(0);
  // The version whose list came (or failed): loading until the current one has.
  const [answered, setAnswered] = useState(-1);
  const loading = answered !== version;
  const [open, setOpen] = useState<{ role: Role | null; readOnly: boolean } | null>(null);
  const grantor = useGrantor(roles);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    roleApi
      .list()
      .then((list) => live && setRoles(list))
      .catch(() => undefined) // shown by the API client
      .finally(() => live && setAnswered(version));
    return () => {
      live = false;
    };
  }, [version]);
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
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-busy={loading} data-testid="role-table">
              <Table.Header>
                <Table.Row bg="bg.muted">
                  <Table.ColumnHeader>{t('roles.titleField')}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="sm">{t('roles.identifier')}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="sm" textAlign="end">
                    {t('roles.permissionCount')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="sm" textAlign="end">
                    {t('roles.adminCount')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {roles.map((role) => {
                  const isSuper = role.is_super === 1;
                  return (
                    <Table.Row key={role.id} data-testid="role-row" data-identifier={role.identifier}>
                      <Table.Cell>
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
                      </Table.Cell>
                      <Table.Cell hideBelow="sm" fontFamily="mono" textStyle="xs">
                        {role.identifier}
                      </Table.Cell>
                      <Table.Cell hideBelow="sm" textAlign="end" fontVariantNumeric="tabular-nums" data-testid="role-permission-count">
                        {isSuper ? t('roles.allPermissions') : role.permissions.length}
                      </Table.Cell>
                      <Table.Cell hideBelow="sm" textAlign="end" fontVariantNumeric="tabular-nums" data-testid="role-admin-count">
                        {role.admin_count}
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="0.5" justify="flex-end">
                          {canEdit && !isSuper ? (
                            <>
                              <IconButton size="xs" variant="ghost" aria-label={`${t('common.edit')} ${role.title}`} title={t('common.edit')} onClick={() => setOpen({ role, readOnly: false })}>
                                <LuPencil />
                              </IconButton>
                              <IconButton
                                size="xs"
                                variant="ghost"
                                colorPalette="red"
                                aria-label={`${t('common.delete')} ${role.title}`}
                                title={t('common.delete')}
                                onClick={() => void remove(role)}
                              >
                                <LuTrash2 />
                              </IconButton>
                            </>
                          ) : (
                            <IconButton size="xs" variant="ghost" aria-label={`${t('roles.view')} ${role.title}`} title={t('roles.view')} onClick={() => setOpen({ role, readOnly: true })}>
                              <LuEye />
                            </IconButton>
                          )}
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
                {!loading && roles.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={5} textAlign="center" py="10" color="fg.muted">
                      {t('common.empty')}
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
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
