/**
 * The SQL of admin accounts: which admins a company sees, the list with its filters, an admin with
 * its roles, direct permissions and companies, the facts the rules need (roles, permissions,
 * companies, taken usernames, enabled super admins), and the writes. No rules here (service.ts
 * decides); no HTTP (handlers.ts answers). Never selects a password hash into anything it returns.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { components } from '@openapi/admin-api';
import type { RoleFacts } from '../../../domain/access-rules.js';
import type { Db } from '../../db/client.js';
import { adminCompanies, adminPermissions, adminRoles, admins, companies, permissions, rolePermissions, roles } from '../../db/schema.js';

type Schemas = components['schemas'];
export type AdminItem = Schemas['Admin'];
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every change of accounts runs under this lock: "the last enabled super admin" stays true between the check and the write. */
const ACCOUNTS_LOCK = 1_500_015;

export async function lockAccounts(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ACCOUNTS_LOCK))})`);
}

/**
 * The admins a company sees: those who may act for it — its own (admin_companies) and every super
 * admin, who may act for any company (so a super admin never disappears from every list).
 */
export function visibleIn(companyId: number): SQL {
  return sql`(${admins.id} in (select ${adminCompanies.adminId} from ${adminCompanies} where ${adminCompanies.companyId} = ${companyId})
    or ${admins.id} in (select ${adminRoles.adminId} from ${adminRoles} inner join ${roles} on ${roles.id} = ${adminRoles.roleId} where ${roles.isSuper}))`;
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The sortable columns. Text sorts regardless of case and by code point (collate "C"), so the order is
 * the same on PGlite and on any PostgreSQL server, whatever its default collation.
 */
const SORTABLE: Record<string, SQLWrapper> = {
  id: admins.id,
  username: sql`lower(${admins.username}) collate "C"`,
  name: sql`lower(${admins.name}) collate "C"`,
  email: sql`lower(${admins.email}) collate "C"`,
  status: admins.status,
  created_at: admins.createdAt,
};

export async function listAdmins(db: Db, companyId: number, query: Schemas['AdminListRequest']): Promise<Schemas['AdminListData']> {
  const conditions: SQL[] = [visibleIn(companyId)];
  const keyword = query.keyword?.trim();
  if (keyword) {
    const pattern = contains(keyword);
    conditions.push(or(ilike(admins.username, pattern), ilike(admins.name, pattern), ilike(admins.email, pattern))!);
  }
  if (query.role) {
    conditions.push(sql`${admins.id} in (select ${adminRoles.adminId} from ${adminRoles} inner join ${roles} on ${roles.id} = ${adminRoles.roleId} where ${roles.identifier} = ${query.role})`);
  }
  if (query.status !== undefined) conditions.push(eq(admins.status, query.status));
  const where = and(...conditions);

  const column = (query.sort && Object.hasOwn(SORTABLE, query.sort) ? SORTABLE[query.sort] : undefined) ?? admins.createdAt;
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(where)
    .orderBy(direction(column), direction(admins.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ total }] = (await db.select({ total: count() }).from(admins).where(where)) as [{ total: number }];
  return { list: await adminItems(db, rows.map((row) => row.id)), total };
}

/** The admins of `ids`, in that order, as the contract shows them (never a hash). */
export async function adminItems(db: Pick<Db, 'select'>, ids: number[]): Promise<AdminItem[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: admins.id,
      username: admins.username,
      name: admins.name,
      email: admins.email,
      avatar: admins.avatar,
      status: admins.status,
      createdAt: admins.createdAt,
    })
    .from(admins)
    .where(inArray(admins.id, ids));
  const roleRows = await db
    .select({ adminId: adminRoles.adminId, identifier: roles.identifier })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(inArray(adminRoles.adminId, ids))
    .orderBy(asc(roles.id));
  const permissionRows = await db
    .select({ adminId: adminPermissions.adminId, identifier: permissions.identifier })
    .from(adminPermissions)
    .innerJoin(permissions, eq(permissions.id, adminPermissions.permissionId))
    .where(inArray(adminPermissions.adminId, ids))
    .orderBy(asc(permissions.sort), asc(permissions.id));
  const companyRows = await db
    .select({ adminId: adminCompanies.adminId, companyId: adminCompanies.companyId })
    .from(adminCompanies)
    .where(inArray(adminCompanies.adminId, ids))
    .orderBy(asc(adminCompanies.companyId));

  const byId = new Map(rows.map((row) => [row.id, row]));
  const grouped = <T extends { adminId: number }, V>(list: T[], value: (row: T) => V) => {
    const map = new Map<number, V[]>();
    for (const row of list) (map.get(row.adminId) ?? map.set(row.adminId, []).get(row.adminId)!).push(value(row));
    return map;
  };
  const rolesOf = grouped(roleRows, (row) => row.identifier);
  const permissionsOf = grouped(permissionRows, (row) => row.identifier);
  const companiesOf = grouped(companyRows, (row) => row.companyId);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        username: row.username,
        name: row.name,
        email: row.email,
        avatar: row.avatar,
        status: row.status === 1 ? 1 : 0,
        roles: rolesOf.get(id) ?? [],
        permissions: permissionsOf.get(id) ?? [],
        company_ids: companiesOf.get(id) ?? [],
        created_at: row.createdAt.toISOString(),
      },
    ];
  });
}

/** The admin if the company sees it; null otherwise (another company's admin is "not found"). */
export async function findVisibleAdmin(db: Pick<Db, 'select'>, companyId: number, id: number): Promise<AdminItem | null> {
  const [row] = await db.select({ id: admins.id }).from(admins).where(and(eq(admins.id, id), visibleIn(companyId)));
  if (!row) return null;
  const [item] = await adminItems(db, [row.id]);
  return item ?? null;
}

/** A role as the rules see it, with its row id. */
export interface RoleRow extends RoleFacts {
  id: number;
}

/** Every role, by identifier, with its permission identifiers. */
export async function roleFacts(db: Pick<Db, 'select'>): Promise<Map<string, RoleRow>> {
  const rows = await db.select({ id: roles.id, identifier: roles.identifier, isSuper: roles.isSuper }).from(roles);
  const held = await db
    .select({ roleId: rolePermissions.roleId, identifier: permissions.identifier })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
  return new Map(
    rows.map((role) => [
      role.identifier,
      { ...role, permissions: held.filter((row) => row.roleId === role.id).map((row) => row.identifier) },
    ]),
  );
}

export interface PermissionRow {
  id: number;
  identifier: string;
  parentId: number | null;
  type: 'nav' | 'button';
}

/** The permission tree's rows, by identifier. */
export async function permissionRows(db: Pick<Db, 'select'>): Promise<Map<string, PermissionRow>> {
  const rows = await db
    .select({ id: permissions.id, identifier: permissions.identifier, parentId: permissions.parentId, type: permissions.type })
    .from(permissions);
  return new Map(rows.map((row) => [row.identifier, row]));
}

export async function companyIds(db: Pick<Db, 'select'>): Promise<Set<number>> {
  return new Set((await db.select({ id: companies.id }).from(companies)).map((row) => row.id));
}

/** Which of these lower-cased usernames another account (not `exceptId`) holds already. */
export async function takenUsernames(db: Pick<Db, 'select'>, keys: string[], exceptId?: number): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const taken = new Set<string>();
  // In slices: a sheet of 1,000 usernames is one parameter per name.
  for (let i = 0; i < keys.length; i += 500) {
    const slice = keys.slice(i, i + 500);
    const rows = await db
      .select({ key: sql<string>`lower(${admins.username})`, id: admins.id })
      .from(admins)
      .where(inArray(sql`lower(${admins.username})`, slice));
    for (const row of rows) if (row.id !== exceptId) taken.add(row.key);
  }
  return taken;
}

/** Enabled admins holding a super role. */
export async function enabledSuperAdmins(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${admins.id})::int` })
    .from(admins)
    .innerJoin(adminRoles, eq(adminRoles.adminId, admins.id))
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(and(eq(admins.status, 1), eq(roles.isSuper, true)));
  return row?.total ?? 0;
}

// ------------------------------------------------------------------ writing

export interface NewAdmin {
  username: string;
  passwordHash: string;
  name: string;
  email: string;
  status: number;
  roleIds: number[];
  permissionIds: number[];
  companyIds: number[];
}

/** Inserts the admins with their roles, permissions and companies (a few statements whatever their number); answers their ids in order. */
export async function insertAdmins(tx: Queryable, list: NewAdmin[]): Promise<number[]> {
  const ids: number[] = [];
  // 200 admins a statement: 5 parameters each, far below PostgreSQL's 65,535.
  for (let i = 0; i < list.length; i += 200) {
    const slice = list.slice(i, i + 200);
    const rows = await tx
      .insert(admins)
      .values(slice.map(({ username, passwordHash, name, email, status }) => ({ username, passwordHash, name, email, status })))
      .returning({ id: admins.id });
    ids.push(...rows.map((row) => row.id));
  }
  const links = <T>(build: (admin: NewAdmin, adminId: number) => T[]) => list.flatMap((admin, index) => build(admin, ids[index]!));
  const roleLinks = links((admin, adminId) => admin.roleIds.map((roleId) => ({ adminId, roleId })));
  const permissionLinks = links((admin, adminId) => admin.permissionIds.map((permissionId) => ({ adminId, permissionId })));
  const companyLinks = links((admin, adminId) => admin.companyIds.map((companyId) => ({ adminId, companyId })));
  for (let i = 0; i < roleLinks.length; i += 1000) await tx.insert(adminRoles).values(roleLinks.slice(i, i + 1000));
  for (let i = 0; i < permissionLinks.length; i += 1000) await tx.insert(adminPermissions).values(permissionLinks.slice(i, i + 1000));
  for (let i = 0; i < companyLinks.length; i += 1000) await tx.insert(adminCompanies).values(companyLinks.slice(i, i + 1000));
  return ids;
}

export async function updateAdminRow(
  tx: Queryable,
  id: number,
  fields: { username: string; name: string; email: string; status: number; passwordHash?: string },
): Promise<void> {
  await tx
    .update(admins)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(admins.id, id));
}

export async function replaceRoles(tx: Queryable, adminId: number, roleIds: number[]): Promise<void> {
  await tx.delete(adminRoles).where(eq(adminRoles.adminId, adminId));
  if (roleIds.length) await tx.insert(adminRoles).values(roleIds.map((roleId) => ({ adminId, roleId })));
}

export async function replacePermissions(tx: Queryable, adminId: number, permissionIds: number[]): Promise<void> {
  await tx.delete(adminPermissions).where(eq(adminPermissions.adminId, adminId));
  if (permissionIds.length) await tx.insert(adminPermissions).values(permissionIds.map((permissionId) => ({ adminId, permissionId })));
}

export async function replaceCompanies(tx: Queryable, adminId: number, ids: number[]): Promise<void> {
  await tx.delete(adminCompanies).where(eq(adminCompanies.adminId, adminId));
  if (ids.length) await tx.insert(adminCompanies).values(ids.map((companyId) => ({ adminId, companyId })));
}

/** Deletes the admin; its sessions, roles, permissions, companies, settings and inbox go with it (foreign keys). */
export async function deleteAdmin(tx: Queryable, id: number): Promise<void> {
  await tx.delete(admins).where(eq(admins.id, id));
}
