/**
 * The SQL of the first start's data (features/seed.ts, a composition root, decides what is seeded and
 * when): company 1 and its serial, the permission tree level by level, the seeded roles and their
 * permissions, the marker of roles seeded once, and the super admin. Every function runs on the
 * seed's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminCompanies, adminRoles, admins, companies, permissions, rolePermissions, roles, settings } from '../../db/schema.js';

/** What the seed's steps need of the database: a transaction passes for it. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Inserts the company unless its id is taken, and keeps the serial ahead of that explicit id. */
export async function ensureCompany(tx: Queryable, company: typeof companies.$inferInsert): Promise<void> {
  await tx.insert(companies).values(company).onConflictDoNothing();
  // Keep the serial ahead of the explicit id 1.
  await tx.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`);
}

/** Inserts or updates (by identifier) one level of the permission tree; answers the rows' ids by identifier. */
export async function upsertPermissionLevel(tx: Queryable, rows: Array<Omit<typeof permissions.$inferInsert, 'id'>>): Promise<Map<string, number>> {
  const upserted = await tx
    .insert(permissions)
    .values(rows)
    .onConflictDoUpdate({
      target: permissions.identifier,
      set: Object.fromEntries(
        (['parentId', 'title', 'icon', 'path', 'component', 'hidden', 'activeMenu', 'type', 'sort'] as const).map((key) => [key, sql.raw(`excluded.${permissions[key].name}`)]),
      ),
    })
    .returning({ id: permissions.id, identifier: permissions.identifier });
  return new Map(upserted.map((row) => [row.identifier, row.id]));
}

/** Every permission's id by identifier. */
export async function permissionIds(tx: Queryable): Promise<Map<string, number>> {
  const rows = await tx.select({ id: permissions.id, identifier: permissions.identifier }).from(permissions);
  return new Map(rows.map((p) => [p.identifier, p.id]));
}

export async function settingValue(tx: Queryable, key: string): Promise<string | undefined> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function putSetting(tx: Queryable, key: string, value: string): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** A super role inserted, or brought back to the seed's title and super flag; answers its id. */
export async function upsertSuperRole(tx: Queryable, identifier: string, title: string): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .insert(roles)
    .values({ identifier, title, isSuper: true })
    .onConflictDoUpdate({ target: roles.identifier, set: { title, isSuper: true } })
    .returning({ id: roles.id });
  return row;
}

/** A role inserted unless its identifier is taken; answers its id when inserted. */
export async function insertRoleIfMissing(tx: Queryable, identifier: string, title: string): Promise<{ id: number } | undefined> {
  const [row] = await tx.insert(roles).values({ identifier, title }).onConflictDoNothing().returning({ id: roles.id });
  return row;
}

export async function grantRolePermission(tx: Queryable, roleId: number, permissionId: number): Promise<void> {
  await tx.insert(rolePermissions).values({ roleId, permissionId }).onConflictDoNothing();
}

export async function countAdmins(tx: Queryable): Promise<number> {
  const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(admins)) as [{ count: number }];
  return count;
}

/** Inserts the first admin with the super-admin role, acting for the company. */
export async function insertSuperAdmin(tx: Queryable, values: typeof admins.$inferInsert, companyId: number): Promise<void> {
  const [admin] = await tx.insert(admins).values(values).returning({ id: admins.id });
  const [superRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.identifier, 'super-admin'));
  await tx.insert(adminRoles).values({ adminId: admin!.id, roleId: superRole!.id });
  await tx.insert(adminCompanies).values({ adminId: admin!.id, companyId });
}
