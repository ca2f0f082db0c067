/**
 * Create and edit an admin (issue 15): username, name, email (optional), a new password (required for a new
 * admin, blank = unchanged when editing) with its strength hint, the roles, the direct permissions as
 * a checkbox tree, the companies it may act for, and its status. What the logged-in admin may not
 * grant is greyed out with the guard rails of src/domain/access-rules.ts (the server enforces them and
 * answers a refusal as a message); the server's 422 messages appear under their fields: every field
 * at once, each in its own sentence of src/domain/account-rules.ts (the facts only the server knows,
 * a username taken or a role gone, come with the others, so the form does not check first).
 */
import { Badge, Box, Checkbox, Field, Input, SimpleGrid, Switch, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CID } from '@/app/api/client';
import { FormDialog } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { FormFieldset } from '@/app/components/form-fieldset';
import { useFormDialog } from '@/app/components/use-form-submit';
import { savedMessage } from '@/app/lib/feedback';
import { CID_KEY, session } from '@/app/lib/storage';
import { canGrantCompany, canGrantPermission, canGrantRole, type Grantor } from '@/domain/access-rules';
import { type DomainLang, formatDomainMessage } from '@/domain/messages';
import { type Admin, adminApi, type Role } from '../api/admin-api';
import { permissionsOfRoles, roleFacts } from '../lib/access';
import { indexTree, inTreeOrder, type PermissionNode } from '../lib/permission-tree';
import { PasswordHint } from './password-hint';
import { PermissionTree } from './permission-tree';

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
  const [fields, setFields] = useState<AdminForm>(() => formOf(admin));
  const index = useMemo(() => indexTree(tree), [tree]);
  const inherited = useMemo(() => permissionsOfRoles(fields.roles, roles, index.order), [fields.roles, roles, index]);

  const form = useFormDialog({
    open,
    record: admin,
    reset: () => setFields(formOf(admin)),
    submit: async () => {
      const body = {
        username: fields.username.trim(),
        name: fields.name.trim(),
        email: fields.email.trim(),
        roles: roles.filter((role) => fields.roles.has(role.identifier)).map((role) => role.identifier),
        permissions: inTreeOrder(index, fields.permissions),
        company_ids: fields.companyIds,
        status: fields.status,
      };
      if (admin) await adminApi.update({ ...body, id: admin.id, ...(fields.password ? { password: fields.password } : {}) });
      else await adminApi.create({ ...body, password: fields.password });
      // An admin of other companies only leaves this company's list: say where it went.
      if (!fields.companyIds.includes(currentCid())) savedMessage(t('admins.savedElsewhere', { username: body.username }));
      else savedMessage(admin ? t('admins.updated') : t('admins.created'));
      onSaved();
    },
  });

  const change = (changed: Partial<AdminForm>, ...cleared: string[]) => {
    setFields((current) => ({ ...current, ...changed }));
    form.clear(...cleared);
  };

  // Editing oneself needs nothing more: a role or permission that would give oneself something not
  // held yet is exactly one the grantor may not grant.
  const roleRefusal = (role: Role): string | null =>
    canGrantRole(grantor, roleFacts(role)) ? null : formatDomainMessage(lang, 'access.roleNotGrantable', { roles: role.identifier });
  const canGrant = (identifier: string) => canGrantPermission(grantor, identifier);
  const toggleCompany = (id: number, on: boolean) =>
    change({ companyIds: on ? [...fields.companyIds, id] : fields.companyIds.filter((companyId) => companyId !== id) }, 'company_ids');
  const unknownCompanies = fields.companyIds.filter((id) => !companies.some((company) => company.id === id));

  const title = admin ? t('admins.editTitle', { username: admin.username }) : t('admins.createTitle');
  return (
    <FormDialog open={open} onClose={onClose} title={title} testId="admin-dialog" layout="page" form={form} gap="5">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('fields.username')} required messages={form.messagesOf('username')}>
          <Input
            size="sm"
            name="username"
            autoComplete="off"
            value={fields.username}
            placeholder={t('fields.usernamePlaceholder')}
            onChange={(e) => change({ username: e.target.value }, 'username')}
          />
        </FormField>
        <FormField label={t('fields.name')} required messages={form.messagesOf('name')}>
          <Input size="sm" name="name" autoComplete="off" value={fields.name} onChange={(e) => change({ name: e.target.value }, 'name')} />
        </FormField>
        <FormField label={t('fields.email')} messages={form.messagesOf('email')} helper={t('fields.emailOptional')}>
          <Input size="sm" name="email" type="email" autoComplete="off" value={fields.email} onChange={(e) => change({ email: e.target.value }, 'email')} />
        </FormField>
        <FormField
          label={admin ? t('fields.newPassword') : t('fields.password')}
          required={!admin}
          messages={form.messagesOf('password')}
          helper={admin && !fields.password ? t('fields.passwordKeep') : undefined}
        >
          <Input
            size="sm"
            name="password"
            type="password"
            autoComplete="new-password"
            value={fields.password}
            onChange={(e) => change({ password: e.target.value }, 'password')}
          />
          <PasswordHint password={fields.password} username={fields.username} lang={lang} withoutProblem={form.messagesOf('password').length > 0} />
        </FormField>
      </SimpleGrid>

      <Field.Root invalid={form.messagesOf('status').length > 0} disabled={isSelf}>
        <Switch.Root
          size="sm"
          colorPalette="brand"
          checked={fields.status === 1}
          disabled={isSelf}
          onCheckedChange={({ checked }) => change({ status: checked ? 1 : 0 }, 'status')}
          title={isSelf ? formatDomainMessage(lang, 'access.disableSelf') : undefined}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label textStyle="sm">
            {t('fields.statusValue', { status: fields.status === 1 ? t('status.enabled') : t('status.disabled') })}
          </Switch.Label>
        </Switch.Root>
        <Field.HelperText textStyle="xs">{t('fields.statusHint')}</Field.HelperText>
        <Field.ErrorText textStyle="xs">{form.messagesOf('status').join(' ')}</Field.ErrorText>
      </Field.Root>

      <FormFieldset legend={t('fields.roles')} messages={form.messagesOf('roles')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4" gapY="2" data-testid="role-choices">
          {roles.map((role) => {
            const refusal = roleRefusal(role);
            return (
              <Checkbox.Root
                key={role.id}
                size="sm"
                colorPalette="brand"
                checked={fields.roles.has(role.identifier)}
                disabled={refusal !== null}
                title={refusal ?? role.identifier}
                alignItems="flex-start"
                onCheckedChange={({ checked }) => {
                  const next = new Set(fields.roles);
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
      </FormFieldset>

      <FormFieldset legend={t('fields.companies')} messages={form.messagesOf('company_ids')} helper={t('fields.companiesHint')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4" gapY="2" data-testid="company-choices">
          {companies.map((company) => (
            <Checkbox.Root
              key={company.id}
              size="sm"
              colorPalette="brand"
              checked={fields.companyIds.includes(company.id)}
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
      </FormFieldset>

      <FormFieldset legend={t('fields.permissions')} messages={form.messagesOf('permissions')} helper={t('fields.permissionsHint')}>
        <Box mt="1">
          <PermissionTree
            tree={tree}
            value={fields.permissions}
            inherited={inherited}
            canGrant={canGrant}
            onChange={(next) => change({ permissions: next }, 'permissions')}
          />
        </Box>
      </FormFieldset>
    </FormDialog>
  );
}
