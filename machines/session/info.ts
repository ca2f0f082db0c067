/**
 * What the session makes of the info call's answer (POST /info): whether it grants a session (a
 * non-empty `roles` array) and the user, menu routes and companies read from it. Pure functions of
 * the payload; the session's setup (./setup.ts) uses them in its `hasRoles` guard and `applyInfo` action.
 */
import type { CompanyOption, InfoPayload, UserInfo } from './types.js';

/** The login info failure when roles are missing or empty (word for word: docs/product.md). */
export const INFO_ROLES_ERROR = 'getInfo: roles or permissions must be a non-null array!';

export function infoHasRoles(info: InfoPayload | null | undefined): boolean {
  const roles: unknown = info?.user_info?.roles;
  return Array.isArray(roles) && roles.length > 0;
}

/** The well-formed `{id, name}` items of the info's company list. */
export function toCompanies(info: InfoPayload): CompanyOption[] {
  if (!Array.isArray(info.companies)) return [];
  return info.companies.flatMap((item): CompanyOption[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name } = item as { id?: unknown; name?: unknown };
    return typeof id === 'number' && Number.isInteger(id) && typeof name === 'string' ? [{ id, name }] : [];
  });
}

export function toUserInfo(info: InfoPayload): UserInfo {
  const user = info.user_info ?? {};
  const roles = Array.isArray(user.roles) ? user.roles.map(String) : [];
  return {
    roles,
    name: user.name ?? '',
    avatar: user.avatar ?? '',
    email: user.email ?? '',
    permissions: Array.isArray(user.permissions) ? user.permissions : [],
  };
}
