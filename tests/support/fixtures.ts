/**
 * Rows that tests need and no operation creates yet: companies, admins with roles, roles. They are
 * written straight into the database, so each helper then drops what the app remembers of sessions,
 * access and companies (src/server/features/access/access-cache.ts), as the operations do.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminCompanies, adminPermissions, adminRoles, admins, companies, permissions, rolePermissions, roles } from '@/server/db/schema';
import { hashPassword } from '@/server/lib/password';

export async function createCompany(app: FastifyInstance, name: string): Promise<number> {
  const [row] = await app.db.insert(companies).values({ name }).returning({ id: companies.id });
  await app.sessions.cache.invalidate({ kind: 'all' });
  return row!.id;
}

export async function createRole(app: FastifyInstance, identifier: string, permissionIdentifiers: string[]): Promise<void> {
  const [role] = await app.db.insert(roles).values({ identifier, title: identifier }).returning({ id: roles.id });
  if (!permissionIdentifiers.length) return;
  const rows = await app.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.identifier, permissionIdentifiers));
  await app.db.insert(rolePermissions).values(rows.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  await app.sessions.cache.invalidate({ kind: 'all' });
}

export interface AdminFixture {
  username: string;
  password?: string;
  name?: string;
  email?: string;
  roles?: string[];
  permissions?: string[];
  companyIds?: number[];
  status?: number;
}

export async function createAdmin(app: FastifyInstance, fixture: AdminFixture): Promise<number> {
  const [admin] = await app.db
    .insert(admins)
    .values({
      username: fixture.username,
      passwordHash: await hashPassword(fixture.password ?? 'Password-123'),
      name: fixture.name ?? fixture.username,
      email: fixture.email ?? `${fixture.username}@example.com`,
      status: fixture.status ?? 1,
    })
    .returning({ id: admins.id });
  const adminId = admin!.id;
  if (fixture.roles?.length) {
    const rows = await app.db.select({ id: roles.id }).from(roles).where(inArray(roles.identifier, fixture.roles));
    await app.db.insert(adminRoles).values(rows.map((r) => ({ adminId, roleId: r.id })));
  }
  if (fixture.permissions?.length) {
    const rows = await app.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.identifier, fixture.permissions));
    await app.db.insert(adminPermissions).values(rows.map((p) => ({ adminId, permissionId: p.id })));
  }
  for (const companyId of fixture.companyIds ?? [1]) await app.db.insert(adminCompanies).values({ adminId, companyId });
  await app.sessions.cache.invalidate({ kind: 'all' });
  return adminId;
}

export async function setAdminStatus(app: FastifyInstance, adminId: number, status: number): Promise<void> {
  await app.db.update(admins).set({ status }).where(eq(admins.id, adminId));
  await app.sessions.cache.invalidate({ kind: 'all' });
}
