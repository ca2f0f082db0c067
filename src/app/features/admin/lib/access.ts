/**
 * The logged-in admin and the admins it edits, as the shared guard rails (src/domain/access-rules.ts)
 * see them, built from what the browser knows: the session's permissions and companies (from /info)
 * and the role list. The dialogs only grey out what the rules refuse; the server decides.
 */
import type { Grantor, RoleFacts, TargetFacts } from '@/domain/access-rules';
import type { Admin, Role } from '../api/admin-api';

export const roleFacts = (role: Role): RoleFacts => ({ identifier: role.identifier, isSuper: role.is_super === 1, permissions: role.permissions });

/** The browser does not know its own admin id: the grantor is never mistaken for a target by id. */
const UNKNOWN_ADMIN_ID = -1;

export function grantorOf(myRoles: readonly string[], myPermissions: readonly unknown[], myCompanyIds: readonly number[], roles: readonly Role[]): Grantor {
  const mine = new Set(myRoles);
  return {
    adminId: UNKNOWN_ADMIN_ID,
    isSuper: roles.some((role) => role.is_super === 1 && mine.has(role.identifier)),
    permissions: new Set(myPermissions.filter((p): p is string => typeof p === 'string')),
    companyIds: new Set(myCompanyIds),
  };
}

/** What an admin holds, through its roles (known from the role list) and directly. */
export function targetOf(admin: Admin, roles: readonly Role[]): Pick<TargetFacts, 'isSuper' | 'permissions'> {
  const byIdentifier = new Map(roles.map((role) => [role.identifier, role]));
  const held = admin.roles.flatMap((identifier) => byIdentifier.get(identifier) ?? []);
  return {
    isSuper: held.some((role) => role.is_super === 1),
    permissions: new Set([...held.flatMap((role) => role.permissions), ...admin.permissions]),
  };
}

/** The permissions that the ticked roles already give (a super role: every one). */
export function permissionsOfRoles(identifiers: Iterable<string>, roles: readonly Role[], everything: readonly string[]): Set<string> {
  const ticked = new Set(identifiers);
  const chosen = roles.filter((role) => ticked.has(role.identifier));
  if (chosen.some((role) => role.is_super === 1)) return new Set(everything);
  return new Set(chosen.flatMap((role) => role.permissions));
}
