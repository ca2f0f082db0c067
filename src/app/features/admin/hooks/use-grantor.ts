/**
 * The logged-in admin as a grantor of the guard rails (lib/access.ts), following the session: when
 * the server pushes `access.changed` and the session reloads its info, what the dialogs allow follows.
 */
import { useMemo } from 'react';
import { selectCompanies, selectRoles, selectUserInfo } from '@machines/session/selectors';
import type { SessionSnapshot } from '@machines/session/session.machine';
import { useSession } from '@/app/features/auth/hooks/use-session';
import type { Grantor } from '@/domain/access-rules';
import type { Role } from '../api/admin-api';
import { grantorOf } from '../lib/access';

const NONE: readonly unknown[] = Object.freeze([]);
const selectPermissions = (snapshot: SessionSnapshot) => selectUserInfo(snapshot)?.permissions ?? NONE;

export function useGrantor(roles: readonly Role[]): Grantor {
  const myRoles = useSession(selectRoles);
  const permissions = useSession(selectPermissions);
  const companies = useSession(selectCompanies);
  return useMemo(
    () => grantorOf(myRoles, permissions, companies.map((company) => company.id), roles),
    [myRoles, permissions, companies, roles],
  );
}

/** The companies the logged-in admin may act for, by name (super admins: every company). */
export function useMyCompanies() {
  return useSession(selectCompanies);
}
