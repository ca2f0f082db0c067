/**
 * What an admin may do: their roles, the permission identifiers they hold (through roles or directly;
 * a super role holds all), and the companies they may act for (super: any).
 */
import type { Db } from '../../db/client.js';
import type { admins } from '../../db/schema.js';
import * as q from './queries.js';

export interface AdminAccess {
  admin: typeof admins.$inferSelect;
  roles: string[];
  isSuper: boolean;
  permissions: Set<string>;
  companyIds: Set<number>;
}

export async function loadAccess(db: Db, adminId: number): Promise<AdminAccess | null> {
  const admin = await q.adminById(db, adminId);
  if (!admin) return null;

  const roleRows = await q.rolesOfAdmin(db, adminId);
  const isSuper = roleRows.some((role) => role.isSuper);

  let identifiers: string[];
  if (isSuper) {
    identifiers = await q.allPermissionIdentifiers(db);
  } else {
    const roleIds = roleRows.map((role) => role.id);
    const viaRoles = roleIds.length ? await q.permissionIdentifiersOfRoles(db, roleIds) : [];
    const direct = await q.directPermissionIdentifiers(db, adminId);
    identifiers = [...viaRoles, ...direct].map((p) => p.identifier);
  }

  const companyRows = await q.companyIdsOfAdmin(db, adminId);

  return {
    admin,
    roles: roleRows.map((role) => role.identifier),
    isSuper,
    permissions: new Set(identifiers),
    companyIds: new Set(companyRows.map((c) => c.companyId)),
  };
}

/** The companies an admin may act for, by name (super admins: every company), ordered by id; `all`: every company, id → name, in id order. */
export function companiesOf(all: Map<number, string>, access: AdminAccess): Array<{ id: number; name: string }> {
  const rows = [...all].map(([id, name]) => ({ id, name }));
  return access.isSuper ? rows : rows.filter((row) => access.companyIds.has(row.id));
}
