/**
 * What an admin may do: their roles, the permission identifiers they hold (through roles or directly;
 * a super role holds all), and the companies they may act for (super: any).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminCompanies, adminPermissions, adminRoles, admins, permissions, rolePermissions, roles } from '../../db/schema.js';

export interface AdminAccess {
  admin: typeof admins.$inferSelect;
  roles: string[];
  isSuper: boolean;
  permissions: Set<string>;
  companyIds: Set<number>;
}

export async function loadAccess(db: Db, adminId: number): Promise<AdminAccess | null> {
  const [admin] = await db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) return null;

  const roleRows = await db
    .select({ id: roles.id, identifier: roles.identifier, isSuper: roles.isSuper })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(eq(adminRoles.adminId, adminId));
  const isSuper = roleRows.some((role) => role.isSuper);

  let identifiers: string[];
  if (isSuper) {
    identifiers = (await db.select({ identifier: permissions.identifier }).from(permissions)).map((p) => p.identifier);
  } else {
    const roleIds = roleRows.map((role) => role.id);
    const viaRoles = roleIds.length
      ? await db
          .select({ identifier: permissions.identifier })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(inArray(rolePermissions.roleId, roleIds))
      : [];
    const direct = await db
      .select({ identifier: permissions.identifier })
      .from(adminPermissions)
      .innerJoin(permissions, eq(permissions.id, adminPermissions.permissionId))
      .where(eq(adminPermissions.adminId, adminId));
    identifiers = [...viaRoles, ...direct].map((p) => p.identifier);
  }

  const companyRows = await db.select({ companyId: adminCompanies.companyId }).from(adminCompanies).where(eq(adminCompanies.adminId, adminId));

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
