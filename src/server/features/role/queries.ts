/**
 * The SQL of roles: the list with its filter and admin count, the permissions of roles, the
 * permission tree, a role locked with its holders, and the writes. No rules here (service.ts decides
 * what a role may become); each function runs on the database or transaction it is given.
 */
import { and, asc, count, eq, getTableName, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { adminCompanies, adminRoles, permissions, rolePermissions, roles } from '../../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `table.column`: in a one-table select Drizzle leaves columns unqualified, which a subquery would misread. */
const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

export interface RoleFilter {
  /** Identifiers or titles containing it, whatever their case. */
  keyword?: string;
  /** Also these roles while they still carry this title (seeded roles found by the title the user reads). */
  orTitled: Array<{ identifier: string; title: string }>;
}

/** One page of roles in id order, with how many admins hold each, and the total the filter matches. */
export async function rolePage(db: Db, filter: RoleFilter, page: { limit: number; offset: number }) {
  let where: SQL | undefined;
  if (filter.keyword) {
    const titled = filter.orTitled.map((role) => and(eq(roles.identifier, role.identifier), eq(roles.title, role.title)));
    where = or(ilike(roles.identifier, contains(filter.keyword)), ilike(roles.title, contains(filter.keyword)), ...titled);
  }
  const adminCount = sql<number>`(select count(*) from ${adminRoles} where ${qualified(adminRoles.roleId)} = ${qualified(roles.id)})::int`;
  const rows = await db
    .select({ id: roles.id, identifier: roles.identifier, title: roles.title, isSuper: roles.isSuper, adminCount })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = (await db.select({ total: count() }).from(roles).where(where)) as [{ total: number }];
  return { rows, total };
}

/** The permission identifiers of the roles, each row a role's, by identifier. */
export function permissionsOfRoles(db: Reader, roleIds: number[]): Promise<Array<{ roleId: number; identifier: string }>> {
  return db
    .select({ roleId: rolePermissions.roleId, identifier: permissions.identifier })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(asc(permissions.identifier));
}

/** Every permission, in menu order. */
export function permissionsInMenuOrder(db: Db): Promise<Array<typeof permissions.$inferSelect>> {
  return db.select().from(permissions).orderBy(asc(permissions.sort), asc(permissions.id));
}

export interface PermissionRow {
  id: number;
  identifier: string;
  parentId: number | null;
  type: 'nav' | 'button';
}

export function allPermissions(tx: Reader): Promise<PermissionRow[]> {
  return tx.select({ id: permissions.id, identifier: permissions.identifier, parentId: permissions.parentId, type: permissions.type }).from(permissions);
}

export async function roleIdByIdentifier(db: Db, identifier: string): Promise<number | undefined> {
  const [existing] = await db.select({ id: roles.id }).from(roles).where(eq(roles.identifier, identifier));
  return existing?.id;
}

/** Inserts a role and the permissions it holds; answers its id. */
export async function insertRole(tx: Tx, values: { identifier: string; title: string }, permissionIds: number[]): Promise<number> {
  const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
  if (permissionIds.length) await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId: row!.id, permissionId })));
  return row!.id;
}

/** The role, its row locked until the transaction ends. */
export async function roleForUpdate(tx: Tx, id: number): Promise<typeof roles.$inferSelect | undefined> {
  const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  return role;
}

export async function holderIds(tx: Reader, roleId: number): Promise<number[]> {
  return (await tx.select({ adminId: adminRoles.adminId }).from(adminRoles).where(eq(adminRoles.roleId, roleId))).map((row) => row.adminId);
}

export function companiesOfAdmins(tx: Reader, adminIds: number[]): Promise<Array<{ adminId: number; companyId: number }>> {
  return tx
    .select({ adminId: adminCompanies.adminId, companyId: adminCompanies.companyId })
    .from(adminCompanies)
    .where(inArray(adminCompanies.adminId, adminIds));
}

/** Those of the admins holding a super role. */
export async function superAdminsAmong(tx: Reader, adminIds: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ adminId: adminRoles.adminId })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(and(inArray(adminRoles.adminId, adminIds), eq(roles.isSuper, true)));
  return new Set(rows.map((row) => row.adminId));
}

export async function retitleRole(tx: Tx, id: number, title: string): Promise<void> {
  await tx.update(roles).set({ title }).where(eq(roles.id, id));
}

/** Takes the permissions, by identifier, away from the role. */
export async function removeRolePermissions(tx: Tx, roleId: number, identifiers: string[]): Promise<void> {
  const removedIds = (await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.identifier, identifiers))).map((p) => p.id);
  await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, removedIds)));
}

export async function addRolePermissions(tx: Tx, roleId: number, permissionIds: number[]): Promise<void> {
  await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
}

export async function deleteRoleRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}
