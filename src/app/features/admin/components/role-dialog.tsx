/**
 * Create, edit or look at a role (issue 15): its identifier (fixed once created), title and
 * permissions, as the same checkbox tree as the admin dialog. Permissions the logged-in admin does not
 * hold are greyed out (src/domain/access-rules.ts, as the server checks); a super role holds every
 * permission, present and future, and is shown read-only. The server's 422 messages appear under their
 * fields.
 */
import { Alert, Box, Input, SimpleGrid } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { FormFieldset } from '@/app/components/form-fieldset';
import { useFormDialog } from '@/app/components/use-form-submit';
import { savedMessage } from '@/app/lib/feedback';
import { canGrantPermission, type Grantor } from '@/domain/access-rules';
import { type Role, roleApi } from '../api/admin-api';
import { indexTree, inTreeOrder, type PermissionNode } from '../lib/permission-tree';
import { PermissionTree } from './permission-tree';

interface RoleForm {
  identifier: string;
  title: string;
  permissions: Set<string>;
}

const formOf = (role: Role | null): RoleForm => ({ identifier: role?.identifier ?? '', title: role?.title ?? '', permissions: new Set(role?.permissions ?? []) });

interface RoleDialogProps {
  open: boolean;
  /** The role to edit (or look at, when super or when the user may not edit); null = a new role. */
  role: Role | null;
  readOnly: boolean;
  tree: readonly PermissionNode[];
  grantor: Grantor;
  onClose: () => void;
  onSaved: () => void;
}

export function RoleDialog({ open, role, readOnly, tree, grantor, onClose, onSaved }: RoleDialogProps) {
  const { t } = useTranslation('admin');
  const [fields, setFields] = useState<RoleForm>(() => formOf(role));
  const index = useMemo(() => indexTree(tree), [tree]);
  const isSuper = role?.is_super === 1;
  // A super role's list is empty: it holds everything.
  const everything = useMemo(() => (isSuper ? new Set(index.order) : undefined), [isSuper, index]);

  const form = useFormDialog({
    open,
    record: role,
    reset: () => setFields(formOf(role)),
    submit: async () => {
      const permissions = inTreeOrder(index, fields.permissions);
      if (role) await roleApi.update({ id: role.id, title: fields.title.trim(), permissions });
      else await roleApi.create({ identifier: fields.identifier.trim(), title: fields.title.trim(), permissions });
      savedMessage(role ? t('roles.updated') : t('roles.created'));
      onSaved();
    },
  });

  const change = (changed: Partial<RoleForm>, field: string) => {
    setFields((current) => ({ ...current, ...changed }));
    form.clear(field);
  };

  const title = readOnly ? t('roles.viewTitle', { title: role?.title ?? '' }) : role ? t('roles.editTitle', { title: role.title }) : t('roles.createTitle');

  return (
    <FormDialog open={open} onClose={onClose} title={title} testId="role-dialog" layout="page" form={form} readOnly={readOnly} gap="5">
      {isSuper && (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('roles.superReadOnly')}</Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('roles.identifier')} required={!role} messages={form.messagesOf('identifier')} helper={role ? undefined : t('roles.identifierHint')}>
          <Input
            size="sm"
            name="identifier"
            autoComplete="off"
            value={fields.identifier}
            readOnly={role !== null}
            disabled={role !== null}
            placeholder="event-staff"
            onChange={(e) => change({ identifier: e.target.value }, 'identifier')}
          />
        </FormField>
        <FormField label={t('roles.titleField')} required messages={form.messagesOf('title')}>
          <Input size="sm" name="title" autoComplete="off" value={fields.title} readOnly={readOnly} onChange={(e) => change({ title: e.target.value }, 'title')} />
        </FormField>
      </SimpleGrid>
      <FormFieldset legend={t('roles.permissions')} messages={form.messagesOf('permissions')} helper={readOnly ? undefined : t('roles.permissionsHint')}>
        <Box mt="1">
          <PermissionTree
            tree={tree}
            value={everything ?? fields.permissions}
            canGrant={(identifier) => canGrantPermission(grantor, identifier)}
            {...(readOnly ? {} : { onChange: (next: Set<string>) => change({ permissions: next }, 'permissions') })}
          />
        </Box>
      </FormFieldset>
    </FormDialog>
  );
}
