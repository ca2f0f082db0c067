/**
 * Create and edit an admin (issue 15): username, name, email (optional), a new password (required for a new
 * admin, blank = unchanged when editing) with its strength hint, the roles, the direct permissions as
 * a checkbox tree, the companies it may act for, and its status. What the logged-in admin may not
 * grant is greyed out with the guard rails of src/domain/access-rules.ts (the server enforces them and
 * answers a refusal as a message); the server's 422 messages appear under their fields: every field
 * at once, each in its own sentence of src/domain/account-rules.ts (the facts only the server knows,
 * a username taken or a role gone, come with the others, so the form does not check first).
 */
import { Badge, Box, Checkbox, Dialog, Field, Fieldset, Input, Portal, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, isApiError } from '@/app/api/api';
import { DEFAULT_CID } from '@/app/api/client';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import { FormField } from '@/app/components/form-field';
import { savedMessage } from '@/app/lib/feedback';
import { CID_KEY, session } from '@/app/lib/storage';
import { canGrantCompany, canGrantPermission, canGrantRole, type Grantor } from '@/domain/access-rules';
import { type DomainLang, formatDomainMessage } from '@/domain/messages';
import { type Admin, adminApi, type Role } from '../api/admin-api';
import { permissionsOfRoles, roleFacts } from '../lib/access';
import { messagesOf, withoutFields } from '../lib/field-errors';
import { indexTree, inTreeOrder, type PermissionNode } from '../lib/permission-tree';
import { PasswordHint } from './password-hint';
import { PermissionTree } from './permission-tree';
import { dialogContentLayout, dialogSize } from './dialog-layout';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';

interface AdminForm {
  username: string;
  name: string;
  email: string;
  password: string;
  roles: Set<string>;
  permissions: Set<string>;
  companyIds: number[];
  status: 0 | 1;
}

/** The company this tab acts for (the `Cid` of its calls): the list shows its admins only. */
const currentCid = () => Number(session.get(CID_KEY) || DEFAULT_CID);

function formOf(admin: Admin | null): AdminForm {
  if (admin) {
    return {
      username: admin.username,
      name: admin.name,
      email: admin.email,
      password: '',
      roles: new Set(admin.roles),
      permissions: new Set(admin.permissions),
      companyIds: [...admin.company_ids],
      status: admin.status,
    };
  }
  // A new admin acts for the company this tab acts for, until the user ticks others.
  return { username: '', name: '', email: '', password: '', roles: new Set(), permissions: new Set(), companyIds: [currentCid()], status: 1 };
}

export interface CompanyOption {
  id: number;
  name: string;
}

interface AdminDialogProps {
  open: boolean;
  /** The admin to edit; null = a new admin. */
  admin: Admin | null;
  /** True when the admin edited is the logged-in one (it may not raise or disable itself). */
  isSelf: boolean;
  roles: readonly Role[];
  tree: readonly PermissionNode[];
  grantor: Grantor;
  /** The companies the logged-in admin may act for. */
  companies: readonly CompanyOption[];
  lang: DomainLang;
  onClose: () => void;
  onSaved: () => void;
}

export function AdminDialog({ open, admin, isSelf, roles, tree, grantor, companies, lang, onClose, onSaved }: AdminDialogProps) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState<AdminForm>(() => formOf(admin));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useResetOnOpen(open, admin, () => {
    setForm(formOf(admin));
    setErrors({});
  });

  const index = useMemo(() => indexTree(tree), [tree]);
  const inherited = useMemo(() => permissionsOfRoles(form.roles, roles, index.order), [form.roles, roles, index]);

  const change = (fields: Partial<AdminForm>, ...cleared: string[]) => {
    setForm((current) => ({ ...current, ...fields }));
    setErrors((current) => withoutFields(current, ...cleared));
  };

  // Editing oneself needs nothing more: a role or permission that would give oneself something not
  // held yet is exactly one the grantor may not grant.
  const roleRefusal = (role: Role): string | null =>
    canGrantRole(grantor, roleFacts(role)) ? null : formatDomainMessage(lang, 'access.roleNotGrantable', { roles: role.identifier });
  const canGrant = (identifier: string) => canGrantPermission(grantor, identifier);
  const toggleCompany = (id: number, on: boolean) =>
    change({ companyIds: on ? [...form.companyIds, id] : form.companyIds.filter((companyId) => companyId !== id) }, 'company_ids');
  const unknownCompanies = form.companyIds.filter((id) => !companies.some((company) => company.id === id));

  async function save() {
    setSaving(true);
    setErrors({});
    const body = {
      username: form.username.trim(),
      name: form.name.trim(),
      email: form.email.trim(),
      roles: roles.filter((role) => form.roles.has(role.identifier)).map((role) => role.identifier),
      permissions: inTreeOrder(index, form.permissions),
      company_ids: form.companyIds,
      status: form.status,
    };
    try {
      if (admin) await adminApi.update({ ...body, id: admin.id, ...(form.password ? { password: form.password } : {}) });
      else await adminApi.create({ ...body, password: form.password });
      // An admin of other companies only leaves this company's list: say where it went.
      if (!form.companyIds.includes(currentCid())) savedMessage(t('admins.savedElsewhere', { username: body.username }));
      else savedMessage(admin ? t('admins.updated') : t('admins.created'));
      onSaved();
    } catch (error) {
      if (isApiError(error, 'validation')) setErrors(error.fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: isOpen }) => !isOpen && onClose()}
      placement="center"
      size={dialogSize}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="admin-dialog" {...dialogContentLayout}>
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{admin ? t('admins.editTitle', { username: admin.username }) : t('admins.createTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <form
                id="admin-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void save();
                }}
              >
                <Stack gap="5">
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <FormField label={t('fields.username')} required messages={messagesOf(errors, 'username')}>
                      <Input
                        size="sm"
                        name="username"
                        autoComplete="off"
                        value={form.username}
                        placeholder={t('fields.usernamePlaceholder')}
                        onChange={(e) => change({ username: e.target.value }, 'username')}
                      />
                    </FormField>
                    <FormField label={t('fields.name')} required messages={messagesOf(errors, 'name')}>
                      <Input size="sm" name="name" autoComplete="off" value={form.name} onChange={(e) => change({ name: e.target.value }, 'name')} />
                    </FormField>
                    <FormField label={t('fields.email')} messages={messagesOf(errors, 'email')} helper={t('fields.emailOptional')}>
                      <Input size="sm" name="email" type="email" autoComplete="off" value={form.email} onChange={(e) => change({ email: e.target.value }, 'email')} />
                    </FormField>
                    <FormField
                      label={admin ? t('fields.newPassword') : t('fields.password')}
                      required={!admin}
                      messages={messagesOf(errors, 'password')}
                      helper={admin && !form.password ? t('fields.passwordKeep') : undefined}
                    >
                      <Input
                        size="sm"
                        name="password"
                        type="password"
                        autoComplete="new-password"
                        value={form.password}
                        onChange={(e) => change({ password: e.target.value }, 'password')}
                      />
                      <PasswordHint password={form.password} username={form.username} lang={lang} withoutProblem={messagesOf(errors, 'password').length > 0} />
                    </FormField>
                  </SimpleGrid>

                  <Field.Root invalid={messagesOf(errors, 'status').length > 0} disabled={isSelf}>
                    <Switch.Root
                      size="sm"
                      colorPalette="brand"
                      checked={form.status === 1}
                      disabled={isSelf}
                      onCheckedChange={({ checked }) => change({ status: checked ? 1 : 0 }, 'status')}
                      title={isSelf ? formatDomainMessage(lang, 'access.disableSelf') : undefined}
                    >
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label textStyle="sm">
                        {t('fields.statusValue', { status: form.status === 1 ? t('status.enabled') : t('status.disabled') })}
                      </Switch.Label>
                    </Switch.Root>
                    <Field.HelperText textStyle="xs">{t('fields.statusHint')}</Field.HelperText>
                    <Field.ErrorText textStyle="xs">{messagesOf(errors, 'status').join(' ')}</Field.ErrorText>
                  </Field.Root>

                  <Fieldset.Root invalid={messagesOf(errors, 'roles').length > 0}>
                    <Fieldset.Legend textStyle="sm" fontWeight="medium">
                      {t('fields.roles')}
                    </Fieldset.Legend>
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4" gapY="2" data-testid="role-choices">
                      {roles.map((role) => {
                        const refusal = roleRefusal(role);
                        return (
                          <Checkbox.Root
                            key={role.id}
                            size="sm"
                            colorPalette="brand"
                            checked={form.roles.has(role.identifier)}
                            disabled={refusal !== null}
                            title={refusal ?? role.identifier}
                            alignItems="flex-start"
                            onCheckedChange={({ checked }) => {
                              const next = new Set(form.roles);
                              if (checked === true) next.add(role.identifier);
                              else next.delete(role.identifier);
                              change({ roles: next }, 'roles');
                            }}
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control mt="0.5" />
                            <Checkbox.Label textStyle="sm" fontWeight="normal">
                              {role.title}
                              <Text as="span" color="fg.muted" textStyle="xs" ms="1.5">
                                {role.identifier}
                              </Text>
                              {role.is_super === 1 && (
                                <Badge size="xs" colorPalette="purple" variant="subtle" ms="1.5">
                                  {t('roles.super')}
                                </Badge>
                              )}
                            </Checkbox.Label>
                          </Checkbox.Root>
                        );
                      })}
                    </SimpleGrid>
                    <Fieldset.ErrorText textStyle="xs">{messagesOf(errors, 'roles').join(' ')}</Fieldset.ErrorText>
                  </Fieldset.Root>

                  <Fieldset.Root invalid={messagesOf(errors, 'company_ids').length > 0}>
                    <Fieldset.Legend textStyle="sm" fontWeight="medium">
                      {t('fields.companies')}
                    </Fieldset.Legend>
                    <Fieldset.HelperText textStyle="xs">{t('fields.companiesHint')}</Fieldset.HelperText>
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4" gapY="2" data-testid="company-choices">
                      {companies.map((company) => (
                        <Checkbox.Root
                          key={company.id}
                          size="sm"
                          colorPalette="brand"
                          checked={form.companyIds.includes(company.id)}
                          disabled={!canGrantCompany(grantor, company.id)}
                          onCheckedChange={({ checked }) => toggleCompany(company.id, checked === true)}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label textStyle="sm" fontWeight="normal">
                            {company.name}
                          </Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                      {unknownCompanies.map((id) => (
                        <Checkbox.Root key={id} size="sm" checked disabled title={formatDomainMessage(lang, 'access.companyNotGrantable', { companies: id })}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label textStyle="sm" fontWeight="normal">
                            {t('companies.unknown', { id })}
                          </Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </SimpleGrid>
                    <Fieldset.ErrorText textStyle="xs">{messagesOf(errors, 'company_ids').join(' ')}</Fieldset.ErrorText>
                  </Fieldset.Root>

                  <Fieldset.Root invalid={messagesOf(errors, 'permissions').length > 0}>
                    <Fieldset.Legend textStyle="sm" fontWeight="medium">
                      {t('fields.permissions')}
                    </Fieldset.Legend>
                    <Fieldset.HelperText textStyle="xs">{t('fields.permissionsHint')}</Fieldset.HelperText>
                    <Box mt="1">
                      <PermissionTree
                        tree={tree}
                        value={form.permissions}
                        inherited={inherited}
                        canGrant={canGrant}
                        onChange={(next) => change({ permissions: next }, 'permissions')}
                      />
                    </Box>
                    <Fieldset.ErrorText textStyle="xs">{messagesOf(errors, 'permissions').join(' ')}</Fieldset.ErrorText>
                  </Fieldset.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <FormDialogFooter form="admin-form" saving={saving} onCancel={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
