/**
 * Admin accounts (issue 15): create, update, re-permission and delete an admin, for the request's
 * company. The field rules are src/domain/account-rules.ts (422 per field, in the request's
 * language); the guard rails are src/domain/access-rules.ts (code 201 with the rule's sentence).
 * A company sees its own admins and every super admin (queries.ts `visibleIn`); any other id is not
 * found. Each change runs in one transaction under the accounts lock, which re-reads the target and
 * checks the guard rails against what is committed, so two changes racing cannot leave no enabled
 * super admin. Passwords are hashed before the transaction, never stored or answered in clear.
 * Never ends sessions, publishes or audits: the handlers do, after the commit.
 */
import type { components } from '@openapi/admin-api';
import { accountChangeRefusals, type Grantor, type Refusal, type TargetFacts } from '../../../domain/access-rules.js';
import { usernameKey, validateAccess, validateAccount, type AccountDraft, type AccountFieldErrors } from '../../../domain/account-rules.js';
import { formatDomainMessage } from '../../../domain/messages.js';
import type { Db } from '../../db/client.js';
import type { Lang } from '../../i18n.js';
import { assertNoFieldErrors, domainRefusal } from '../../lib/domain-errors.js';
import { FieldErrors, recordNotFound } from '../../lib/envelope.js';
import { hashPassword } from '../../lib/password.js';
import { loadAccess, type AdminAccess } from '../access/access.js';
import * as q from './queries.js';

type Schemas = components['schemas'];
export type AdminItem = q.AdminItem;

/** Who acts, and for which company. */
export interface Caller {
  grantor: Grantor;
  sessionId: string;
  companyId: number;
  lang: Lang;
}

export function grantorOf(adminId: number, access: AdminAccess): Grantor {
  return { adminId, isSuper: access.isSuper, permissions: access.permissions, companyIds: access.companyIds };
}

/** What the rules need to know about what exists. */
export interface Facts {
  roles: Map<string, q.RoleRow>;
  permissions: Map<string, q.PermissionRow>;
  companyIds: Set<number>;
}

export async function loadFacts(db: Pick<Db, 'select'>): Promise<Facts> {
  const [roles, permissions, companyIds] = await Promise.all([q.roleFacts(db), q.permissionRows(db), q.companyIds(db)]);
  return { roles, permissions, companyIds };
}

/**
 * The direct permissions an admin will hold: the requested ones, each once, plus the parent menus of
 * every menu among them (a menu shows only under its parent, as features/role does for roles).
 */
export function withParentMenus(requested: readonly string[], permissions: ReadonlyMap<string, q.PermissionRow>): string[] {
  const byId = new Map([...permissions.values()].map((row) => [row.id, row]));
  const result = new Set<string>();
  for (const identifier of requested) {
    let row = permissions.get(identifier);
    if (!row) continue;
    result.add(row.identifier);
    if (row.type !== 'nav') continue;
    while (row.parentId !== null && (row = byId.get(row.parentId))) result.add(row.identifier);
  }
  return [...result];
}

const unique = <T>(list: readonly T[]) => [...new Set(list)];

/** A unique violation of the username index, wherever the driver put it (Drizzle wraps errors). */
function isUsernameTaken(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'admins_username_unique' || e.message?.includes('admins_username_unique'))) return true;
  }
  return false;
}

function usernameTakenError(lang: Lang): FieldErrors {
  return new FieldErrors({ username: [formatDomainMessage(lang, 'account.usernameTaken')] });
}

function refuse(refusals: Refusal[]): void {
  const [first] = refusals;
  if (first) throw domainRefusal(first.key, first.params);
}

/** The target as the guard rails see it, if the company sees it; else 404. */
async function lockedTarget(tx: q.Tx, companyId: number, id: number): Promise<{ item: AdminItem; facts: TargetFacts }> {
  await q.lockAccounts(tx);
  const item = await q.findVisibleAdmin(tx, companyId, id);
  const access = item ? await loadAccess(tx, id) : null;
  if (!item || !access) throw recordNotFound();
  return {
    item,
    facts: { adminId: id, status: access.admin.status, roles: access.roles, permissions: access.permissions, isSuper: access.isSuper, companyIds: access.companyIds },
  };
}

function ids<T extends { id: number }>(identifiers: readonly string[], rows: ReadonlyMap<string, T>): number[] {
  return identifiers.flatMap((identifier) => {
    const row = rows.get(identifier);
    return row ? [row.id] : [];
  });
}

// ------------------------------------------------------------------ operations

export async function createAdmin(db: Db, caller: Caller, body: Schemas['AdminCreateRequest']): Promise<AdminItem> {
  const facts = await loadFacts(db);
  const draft: AccountDraft = {
    username: body.username.trim(),
    name: body.name.trim(),
    email: body.email.trim(),
    password: body.password,
    roles: unique(body.roles),
    permissions: unique(body.permissions ?? []),
    companyIds: unique(body.company_ids ?? [caller.companyId]),
    status: body.status,
  };
  const taken = await q.takenUsernames(db, [usernameKey(draft.username)]);
  assertNoFieldErrors(caller.lang, fieldErrors(draft, facts, taken, true));

  const permissions = withParentMenus(draft.permissions!, facts.permissions);
  refuse(
    accountChangeRefusals({
      grantor: caller.grantor,
      target: null,
      change: { roles: draft.roles, directPermissions: { before: [], after: permissions }, companyIds: draft.companyIds, status: draft.status, password: true },
      roles: facts.roles,
      enabledSuperAdmins: 0,
    }),
  );

  const passwordHash = await hashPassword(body.password);
  try {
    const [id] = await db.transaction(async (tx) => {
      await q.lockAccounts(tx);
      return q.insertAdmins(tx, [
        {
          username: draft.username,
          passwordHash,
          name: draft.name,
          email: draft.email,
          status: draft.status,
          roleIds: ids(draft.roles, facts.roles),
          permissionIds: ids(permissions, facts.permissions),
          companyIds: [...draft.companyIds!],
        },
      ]);
    });
    return (await q.adminItems(db, [id!]))[0]!;
  } catch (error) {
    if (isUsernameTaken(error)) throw usernameTakenError(caller.lang);
    throw error;
  }
}

function fieldErrors(draft: AccountDraft, facts: Facts, taken: Set<string>, passwordRequired: boolean): AccountFieldErrors {
  return validateAccount(draft, {
    passwordRequired,
    facts: { roles: new Set(facts.roles.keys()), permissions: new Set(facts.permissions.keys()), companyIds: facts.companyIds, takenUsernames: taken },
  });
}

/** What a change did: the admin before and after, and whether it set a password. */
export interface AccountChangeResult {
  before: AdminItem;
  after: AdminItem;
  passwordChanged: boolean;
}

export async function updateAdmin(db: Db, caller: Caller, body: Schemas['AdminUpdateRequest']): Promise<AccountChangeResult> {
  if (!(await q.findVisibleAdmin(db, caller.companyId, body.id))) throw recordNotFound();
  const facts = await loadFacts(db);
  // A blank password leaves it as it is (the dialog sends the field empty).
  const password = body.password ? body.password : null;
  const draft: AccountDraft = {
    username: body.username.trim(),
    name: body.name.trim(),
    email: body.email.trim(),
    password,
    roles: unique(body.roles),
    ...(body.permissions ? { permissions: unique(body.permissions) } : {}),
    ...(body.company_ids ? { companyIds: unique(body.company_ids) } : {}),
    status: body.status,
  };
  const taken = await q.takenUsernames(db, [usernameKey(draft.username)], body.id);
  assertNoFieldErrors(caller.lang, fieldErrors(draft, facts, taken, false));
  const passwordHash = password ? await hashPassword(password) : undefined;

  try {
    return await db.transaction(async (tx) => {
      const { item: before, facts: target } = await lockedTarget(tx, caller.companyId, body.id);
      const permissions = draft.permissions ? withParentMenus(draft.permissions, facts.permissions) : undefined;
      refuse(
        accountChangeRefusals({
          grantor: caller.grantor,
          target,
          change: {
            roles: draft.roles,
            ...(permissions ? { directPermissions: { before: before.permissions, after: permissions } } : {}),
            ...(draft.companyIds ? { companyIds: draft.companyIds } : {}),
            status: draft.status,
            password: passwordHash !== undefined,
          },
          roles: facts.roles,
          enabledSuperAdmins: await q.enabledSuperAdmins(tx),
        }),
      );
      await q.updateAdminRow(tx, body.id, {
        username: draft.username,
        name: draft.name,
        email: draft.email,
        status: draft.status,
        ...(passwordHash ? { passwordHash } : {}),
      });
      await q.replaceRoles(tx, body.id, ids(draft.roles, facts.roles));
      if (permissions) await q.replacePermissions(tx, body.id, ids(permissions, facts.permissions));
      if (draft.companyIds) await q.replaceCompanies(tx, body.id, [...draft.companyIds]);
      const [after] = await q.adminItems(tx, [body.id]);
      return { before, after: after!, passwordChanged: passwordHash !== undefined };
    });
  } catch (error) {
    if (isUsernameTaken(error)) throw usernameTakenError(caller.lang);
    throw error;
  }
}

export async function syncPermissions(db: Db, caller: Caller, body: Schemas['AdminSyncPermissionsRequest']): Promise<AccountChangeResult> {
  if (!(await q.findVisibleAdmin(db, caller.companyId, body.id))) throw recordNotFound();
  const facts = await loadFacts(db);
  const roles = unique(body.roles);
  const requested = unique(body.permissions);
  const errors = validateAccess(
    { roles, permissions: requested },
    { roles: new Set(facts.roles.keys()), permissions: new Set(facts.permissions.keys()) },
  );
  assertNoFieldErrors(caller.lang, errors);

  return db.transaction(async (tx) => {
    const { item: before, facts: target } = await lockedTarget(tx, caller.companyId, body.id);
    const permissions = withParentMenus(requested, facts.permissions);
    refuse(
      accountChangeRefusals({
        grantor: caller.grantor,
        target,
        change: { roles, directPermissions: { before: before.permissions, after: permissions } },
        roles: facts.roles,
        enabledSuperAdmins: await q.enabledSuperAdmins(tx),
      }),
    );
    await q.replaceRoles(tx, body.id, ids(roles, facts.roles));
    await q.replacePermissions(tx, body.id, ids(permissions, facts.permissions));
    const [after] = await q.adminItems(tx, [body.id]);
    return { before, after: after!, passwordChanged: false };
  });
}

export async function deleteAdmin(db: Db, caller: Caller, id: number): Promise<AdminItem> {
  const facts = await loadFacts(db);
  return db.transaction(async (tx) => {
    const { item, facts: target } = await lockedTarget(tx, caller.companyId, id);
    refuse(
      accountChangeRefusals({
        grantor: caller.grantor,
        target,
        change: { delete: true },
        roles: facts.roles,
        enabledSuperAdmins: await q.enabledSuperAdmins(tx),
      }),
    );
    await q.deleteAdmin(tx, id);
    return item;
  });
}

export async function adminDetail(db: Db, companyId: number, id: number): Promise<AdminItem> {
  const item = await q.findVisibleAdmin(db, companyId, id);
  if (!item) throw recordNotFound();
  return item;
}

// ------------------------------------------------------------------ what changed (the audit summary)

const listed = (values: readonly (string | number)[]) => (values.length ? values.join(', ') : '-');

/**
 * The audit trail's summary of a change, in the style of the role and company features: `created
 * alice: name Alice; …` or `alice: status 1 → 0; roles added operator, removed viewer; password
 * changed`. Never a password.
 */
export function describeChange(before: AdminItem | null, after: AdminItem, passwordChanged: boolean): string {
  if (!before) {
    return (
      `created ${after.username}: name ${after.name}; email ${after.email}; status ${after.status}; roles ${listed(after.roles)}; ` +
      `permissions ${listed(after.permissions)}; companies ${listed(after.company_ids)}`
    );
  }
  const parts: string[] = [];
  for (const field of ['username', 'name', 'email', 'status'] as const) {
    if (before[field] !== after[field]) parts.push(`${field} ${before[field]} → ${after[field]}`);
  }
  const lists: Array<[string, readonly (string | number)[], readonly (string | number)[]]> = [
    ['roles', before.roles, after.roles],
    ['permissions', before.permissions, after.permissions],
    ['companies', before.company_ids, after.company_ids],
  ];
  for (const [field, a, b] of lists) {
    const added = b.filter((x) => !a.includes(x));
    const removed = a.filter((x) => !b.includes(x));
    const changes = [...(added.length ? [`added ${listed(added)}`] : []), ...(removed.length ? [`removed ${listed(removed)}`] : [])];
    if (changes.length) parts.push(`${field} ${changes.join(', ')}`);
  }
  if (passwordChanged) parts.push('password changed');
  return `${before.username}: ${parts.length ? parts.join('; ') : 'no change'}`;
}
