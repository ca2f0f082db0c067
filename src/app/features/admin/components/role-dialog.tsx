/**
 * Create, edit or look at a role (issue 15): its identifier (fixed once created), title and
 * permissions, as the same checkbox tree as the admin dialog. Permissions the logged-in admin does not
 * hold are greyed out (src/domain/access-rules.ts, as the server checks); a super role holds every
 * permission, present and future, and is shown read-only. The server's 422 messages appear under their
 * fields.
 */
import { Alert, Box, Dialog, Fieldset, Input, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, isApiError } from '@/app/api/api';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import { FormField } from '@/app/components/form-field';
import { savedMessage } from '@/app/lib/feedback';
import { canGrantPermission, type Grantor } from '@/domain/access-rules';
import { type Role, roleApi } from '../api/admin-api';
import { messagesOf, withoutFields } from '../lib/field-errors';
import { indexTree, inTreeOrder, type PermissionNode } from '../lib/permission-tree';
import { PermissionTree } from './permission-tree';
import { dialogContentLayout, dialogSize } from './dialog-layout';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';

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
  const [form, setForm] = useState<RoleForm>(() => formOf(role));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const index = useMemo(() => indexTree(tree), [tree]);
  const isSuper = role?.is_super === 1;
  // A super role's list is empty: it holds everything.
  const everything = useMemo(() => (isSuper ? new Set(index.order) : undefined), [isSuper, index]);

  useResetOnOpen(open, role, () => {
    setForm(formOf(role));
    setErrors({});
  });

  const change = (fields: Partial<RoleForm>, field: string) => {
    setForm((current) => ({ ...current, ...fields }));
    setErrors((current) => withoutFields(current, field));
  };

  async function save() {
    setSaving(true);
    setErrors({});
    const permissions = inTreeOrder(index, form.permissions);
    try {
      if (role) await roleApi.update({ id: role.id, title: form.title.trim(), permissions });
      else await roleApi.create({ identifier: form.identifier.trim(), title: form.title.trim(), permissions });
      savedMessage(role ? t('roles.updated') : t('roles.created'));
      onSaved();
    } catch (error) {
      if (isApiError(error, 'validation')) setErrors(error.fields);
    } finally {
      setSaving(false);
    }
  }

  const title = readOnly ? t('roles.viewTitle', { title: role?.title ?? '' }) : role ? t('roles.editTitle', { title: role.title }) : t('roles.createTitle');

  return (
    <Dialog.Root open={open} onOpenChange={({ open: isOpen }) => !isOpen && onClose()} placement="center" size={dialogSize} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="role-dialog" {...dialogContentLayout}>
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <form
                id="role-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!readOnly) void save();
                }}
              >
                <Stack gap="5">
                  {isSuper && (
                    <Alert.Root status="info" size="sm">
                      <Alert.Indicator />
                      <Alert.Title fontWeight="normal">{t('roles.superReadOnly')}</Alert.Title>
                    </Alert.Root>
                  )}
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <FormField label={t('roles.identifier')} required={!role} messages={messagesOf(errors, 'identifier')} helper={role ? undefined : t('roles.identifierHint')}>
                      <Input
                        size="sm"
                        name="identifier"
                        autoComplete="off"
                        value={form.identifier}
                        readOnly={role !== null}
                        disabled={role !== null}
                        placeholder="event-staff"
                        onChange={(e) => change({ identifier: e.target.value }, 'identifier')}
                      />
                    </FormField>
                    <FormField label={t('roles.titleField')} required messages={messagesOf(errors, 'title')}>
                      <Input size="sm" name="title" autoComplete="off" value={form.title} readOnly={readOnly} onChange={(e) => change({ title: e.target.value }, 'title')} />
                    </FormField>
                  </SimpleGrid>
                  <Fieldset.Root invalid={messagesOf(errors, 'permissions').length > 0}>
                    <Fieldset.Legend textStyle="sm" fontWeight="medium">
                      {t('roles.permissions')}
                    </Fieldset.Legend>
                    {!readOnly && <Fieldset.HelperText textStyle="xs">{t('roles.permissionsHint')}</Fieldset.HelperText>}
                    <Box mt="1">
                      <PermissionTree
                        tree={tree}
                        value={everything ?? form.permissions}
                        canGrant={(identifier) => canGrantPermission(grantor, identifier)}
                        {...(readOnly ? {} : { onChange: (next: Set<string>) => change({ permissions: next }, 'permissions') })}
                      />
                    </Box>
                    <Fieldset.ErrorText textStyle="xs">{messagesOf(errors, 'permissions').join(' ')}</Fieldset.ErrorText>
                  </Fieldset.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <FormDialogFooter form="role-form" saving={saving} readOnly={readOnly} onCancel={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
