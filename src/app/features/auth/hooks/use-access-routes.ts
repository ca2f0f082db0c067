/** The logged-in user's routes (role-filtered, with the permissions route) and permission checks. */
import { useMemo } from 'react';
import { selectAccessedRoutes, selectRoles, selectUserInfo } from '@machines/session/selectors';
import type { SessionSnapshot } from '@machines/session/session.machine';
import { type AccessRoute, buildAccessRoutes, permissionNames } from '../lib/access-routes';
import { useSession } from './use-session';

const NO_PERMISSIONS: readonly unknown[] = Object.freeze([]);
const selectPermissions = (snapshot: SessionSnapshot) => selectUserInfo(snapshot)?.permissions ?? NO_PERMISSIONS;

export function useAccessRoutes(): AccessRoute[] {
  const serverRoutes = useSession(selectAccessedRoutes);
  const roles = useSession(selectRoles);
  const permissions = useSession(selectPermissions);
  return useMemo(() => buildAccessRoutes(serverRoutes, roles, permissions), [serverRoutes, roles, permissions]);
}

/** True when `name` is among the names of the accessed routes (or the user's permissions). */
export function usePermission(name: string): boolean {
  const routes = useAccessRoutes();
  const names = useMemo(() => permissionNames(routes), [routes]);
  return names.has(name);
}
