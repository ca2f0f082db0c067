/**
 * The guard rails of administering admins and roles (issue 15), as pure functions over what the
 * caller holds and what the change would do. The server enforces them (a refusal is a business
 * error, code 201, in the request's language); the admin and role dialogs use the same functions to
 * grey out what the user may not tick. They return message keys of ./messages.ts, never strings.
 *
 * The rules:
 * - a caller grants or takes away only what it holds itself: a role only if it holds every permission
 *   of the role (a super role only a super admin), a direct permission only if it holds it;
 * - a caller changes (edits, disables, deletes, re-permissions) only admins who hold nothing it lacks,
 *   so a staff manager can never reset the password of someone above it; that includes companies:
 *   an admin who also acts for a company the caller may not act for is changed only by someone who
 *   may (deleting or disabling it would take it away from that company too);
 * - nobody adds to itself a role or permission that gives it something it does not hold yet (so a
 *   super admin may swap its super role for a lesser one), disables itself or deletes itself;
 * - the last enabled super admin is never disabled, deleted or stripped of its super role;
 * - companies: a caller gives or takes away only companies it may act for (super admins: any);
 * - roles are agency-wide, so a role's change reaches every admin holding it: a caller changes or
 *   deletes a role only while no admin holding it acts for a company the caller may not act for (the
 *   admins' company rule above, held for roles too: issue 33).
 * Must never import anything but other domain modules.
 */
import type { DomainMessageKey } from './messages';

/** Who acts: what it holds right now. */
export interface Grantor {
  adminId: number;
  isSuper: boolean;
  /** Every permission identifier held, through roles or directly (a super admin: all of them). */
  permissions: ReadonlySet<string>;
  /** Companies it may act for (ignored for a super admin, who may act for any). */
  companyIds: ReadonlySet<number>;
}

/** A role as the rules need it. */
export interface RoleFacts {
  identifier: string;
  isSuper: boolean;
  permissions: readonly string[];
}

/** The admin being changed, as it is before the change. */
export interface TargetFacts {
  adminId: number;
  status: number;
  roles: readonly string[];
  /** Every permission it holds (through roles or directly; a super admin: all). */
  permissions: ReadonlySet<string>;
  isSuper: boolean;
  companyIds: ReadonlySet<number>;
}

/** A refusal: the message key and its parameters. */
export interface Refusal {
  key: DomainMessageKey;
  params?: Record<string, string | number>;
}

/** Whether the grantor may give or take away this role. */
export function canGrantRole(grantor: Grantor, role: RoleFacts): boolean {
  if (grantor.isSuper) return true;
  if (role.isSuper) return false;
  return role.permissions.every((permission) => grantor.permissions.has(permission));
}

/** Whether the grantor may give or take away this direct permission. */
export function canGrantPermission(grantor: Grantor, permission: string): boolean {
  return grantor.isSuper || grantor.permissions.has(permission);
}

/** Whether the grantor may give or take away this company. */
export function canGrantCompany(grantor: Grantor, companyId: number): boolean {
  return grantor.isSuper || grantor.companyIds.has(companyId);
}

/**
 * Whether the grantor may change this admin at all: it holds nothing the grantor lacks (permissions,
 * and companies when given).
 */
export function canManage(
  grantor: Grantor,
  target: Pick<TargetFacts, 'isSuper' | 'permissions'> & Partial<Pick<TargetFacts, 'companyIds'>>,
): boolean {
  if (grantor.isSuper) return true;
  if (target.isSuper) return false;
  for (const permission of target.permissions) if (!grantor.permissions.has(permission)) return false;
  return companiesBeyond(grantor, target.companyIds ?? []).length === 0;
}

/** The companies of `companyIds` the grantor may not act for. */
function companiesBeyond(grantor: Grantor, companyIds: Iterable<number>): number[] {
  return grantor.isSuper ? [] : [...companyIds].filter((companyId) => !grantor.companyIds.has(companyId));
}

/** Whether holding `role` would give `target` something it lacks (unknown roles are the field check's). */
function raises(target: TargetFacts, role: RoleFacts | undefined): boolean {
  if (!role || target.isSuper) return false;
  return role.isSuper || role.permissions.some((permission) => !target.permissions.has(permission));
}

const difference = <T>(a: Iterable<T>, b: ReadonlySet<T>): T[] => [...a].filter((x) => !b.has(x));

/** What an account change would do; fields left out stay as they are. */
export interface AccountChange {
  /** The roles after the change (identifiers). */
  roles?: readonly string[];
  /** The direct permissions before and after the change. */
  directPermissions?: { before: readonly string[]; after: readonly string[] };
  /** The companies after the change. */
  companyIds?: readonly number[];
  status?: number;
  /** true when the change sets a new password. */
  password?: boolean;
  delete?: boolean;
}

export interface ChangeContext {
  grantor: Grantor;
  /** null when the admin is being created. */
  target: TargetFacts | null;
  change: AccountChange;
  /** Every role by identifier (the roles named by the change and the target). */
  roles: ReadonlyMap<string, RoleFacts>;
  /** Enabled admins holding a super role, the target included. */
  enabledSuperAdmins: number;
}

/**
 * Every rule a change breaks, in a stable order (empty = allowed). Unknown role identifiers are the
 * caller's to report as field errors; they are ignored here.
 */
export function accountChangeRefusals({ grantor, target, change, roles, enabledSuperAdmins }: ChangeContext): Refusal[] {
  const refusals: Refusal[] = [];
  const self = target !== null && target.adminId === grantor.adminId;

  if (target && !self && !canManage(grantor, { isSuper: target.isSuper, permissions: target.permissions })) {
    refusals.push({ key: 'access.targetAboveYou' });
  }
  const otherCompanies = target && !self ? companiesBeyond(grantor, target.companyIds) : [];
  if (otherCompanies.length) refusals.push({ key: 'access.targetOtherCompanies', params: { companies: otherCompanies.join(', ') } });
  if (self && change.delete) refusals.push({ key: 'access.deleteSelf' });
  if (self && change.status === 0) refusals.push({ key: 'access.disableSelf' });

  const beforeRoles = new Set(target?.roles ?? []);
  if (change.roles) {
    const afterRoles = new Set(change.roles);
    const added = difference(afterRoles, beforeRoles);
    const removed = difference(beforeRoles, afterRoles);
    if (self && added.some((identifier) => raises(target, roles.get(identifier)))) refusals.push({ key: 'access.raiseSelf' });
    const beyond = [...added, ...removed].filter((identifier) => {
      const role = roles.get(identifier);
      return role !== undefined && !canGrantRole(grantor, role);
    });
    if (beyond.length) refusals.push({ key: 'access.roleNotGrantable', params: { roles: beyond.join(', ') } });
  }

  if (change.directPermissions) {
    const before = new Set(change.directPermissions.before);
    const after = new Set(change.directPermissions.after);
    const added = difference(after, before);
    const removed = difference(before, after);
    const gains = self && !target.isSuper && added.some((permission) => !target.permissions.has(permission));
    if (gains && !refusals.some((r) => r.key === 'access.raiseSelf')) refusals.push({ key: 'access.raiseSelf' });
    const beyond = [...added, ...removed].filter((permission) => !canGrantPermission(grantor, permission));
    if (beyond.length) refusals.push({ key: 'access.permissionNotGrantable', params: { permissions: beyond.join(', ') } });
  }

  if (change.companyIds) {
    const before = target?.companyIds ?? new Set<number>();
    const after = new Set(change.companyIds);
    const changed = [...difference(after, before), ...difference(before, after)];
    const beyond = changed.filter((companyId) => !canGrantCompany(grantor, companyId));
    if (beyond.length) refusals.push({ key: 'access.companyNotGrantable', params: { companies: beyond.join(', ') } });
  }

  // The last enabled super admin stays enabled, stays super, stays.
  if (target && target.isSuper && target.status === 1 && enabledSuperAdmins <= 1) {
    const keepsSuper = change.roles === undefined || change.roles.some((identifier) => roles.get(identifier)?.isSuper);
    if (change.delete || change.status === 0 || !keepsSuper) refusals.push({ key: 'access.lastSuperAdmin' });
  }
  return refusals;
}

/** An admin holding a role, as the role rules need it. */
export interface RoleHolder {
  isSuper: boolean;
  companyIds: Iterable<number>;
}

/**
 * Whether the grantor may create, change or delete a role with these permissions (a deletion: none
 * after): super roles are read-only; no admin holding the role acts for a company the grantor may not
 * act for (a super admin holding it is left out: it holds every permission whatever the role says);
 * the grantor holds every permission it adds or removes. `holders`: the admins holding the role now
 * (none for a new role).
 */
export function roleChangeRefusals(
  grantor: Grantor,
  role: RoleFacts | null,
  permissionsAfter: readonly string[],
  holders: readonly RoleHolder[] = [],
): Refusal[] {
  if (role?.isSuper) return [{ key: 'access.superRoleReadOnly' }];
  const refusals: Refusal[] = [];
  const otherCompanies = new Set(holders.filter((holder) => !holder.isSuper).flatMap((holder) => companiesBeyond(grantor, holder.companyIds)));
  if (otherCompanies.size) {
    refusals.push({ key: 'access.roleHeldInOtherCompanies', params: { companies: [...otherCompanies].sort((a, b) => a - b).join(', ') } });
  }
  const before = new Set(role?.permissions ?? []);
  const after = new Set(permissionsAfter);
  const changed = [...difference(after, before), ...difference(before, after)];
  const beyond = changed.filter((permission) => !canGrantPermission(grantor, permission));
  if (beyond.length) refusals.push({ key: 'access.permissionNotGrantable', params: { permissions: beyond.join(', ') } });
  return refusals;
}
