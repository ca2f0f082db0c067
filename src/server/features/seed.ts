/**
 * Brings a database up to the seed: company 1, the permission tree, the roles, on a database
 * without any admin the super admin `admin`, and on a database without any game the demo trivia
 * games of company 1. Safe to run at every start (upserts by identifier; the non-super roles are
 * created once and are the admins' to change from then on).
 * Never sets a fixed default password: without ADMIN_PASSWORD one is generated and returned so the
 * process entry can print it once.
 * A composition root, like features/index.ts: it writes several features' first data (db/seed-data.ts,
 * trivia's demo games), so it sits with the features rather than in db/.
 */
import type { BlobStore } from './file/store/index.js';
import { eq, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../lib/password.js';
import type { Db } from '../db/client.js';
import { adminCompanies, adminRoles, admins, companies, permissions, rolePermissions, roles, settings } from '../db/schema.js';
import { defaultCompany, permissionTree, roleSeeds, type PermissionSeed } from '../db/seed-data.js';
import { seedDemoTrivia } from './trivia/demo-seed.js';

/** What the seed's steps need of the database: a transaction passes for it. */
type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The settings row listing the seeded roles already created once (a JSON array of identifiers). */
const SEEDED_ROLES_KEY = 'seed.roles';

export interface SeedResult {
  /** Set when this run created the super admin with a generated password. */
  generatedAdminPassword: string | null;
  createdAdmin: boolean;
}

/**
 * The permission tree as the seed says, one statement per level of the tree: the seed runs at every
 * start, and one statement per permission made it most of a restart's database time.
 */
async function upsertPermissions(tx: Queryable, tree: PermissionSeed[]): Promise<void> {
  let level = tree.map((node, index) => ({ node, index, parentId: null as number | null }));
  while (level.length > 0) {
    const rows = await tx
      .insert(permissions)
      .values(
        level.map(({ node, index, parentId }) => ({
          identifier: node.identifier,
          parentId,
          title: node.title,
          icon: node.icon ?? '',
          path: node.path ?? '',
          component: node.component ?? '',
          hidden: node.hidden ?? false,
          activeMenu: node.activeMenu ?? '',
          type: node.type,
          sort: index + 1,
        })),
      )
      .onConflictDoUpdate({
        target: permissions.identifier,
        set: Object.fromEntries(
          (['parentId', 'title', 'icon', 'path', 'component', 'hidden', 'activeMenu', 'type', 'sort'] as const).map((key) => [key, sql.raw(`excluded.${permissions[key].name}`)]),
        ),
      })
      .returning({ id: permissions.id, identifier: permissions.identifier });
    const ids = new Map(rows.map((row) => [row.identifier, row.id]));
    level = level.flatMap(({ node }) => (node.children ?? []).map((child, index) => ({ node: child, index, parentId: ids.get(node.identifier)! })));
  }
}

export interface SeedOptions {
  adminPassword: string | null;
  /** Where the demo content's images are written (the server's blob store). */
  files: BlobStore;
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.insert(companies).values(defaultCompany).onConflictDoNothing();
    // Keep the serial ahead of the explicit id 1.
    await tx.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`);

    await upsertPermissions(tx, permissionTree);

    const allPermissions = await tx.select({ id: permissions.id, identifier: permissions.identifier }).from(permissions);
    const permissionIds = new Map(allPermissions.map((p) => [p.identifier, p.id]));
    // Super roles are read-only and kept as the seed says. The others are the admins' once created:
    // a role is created (with its permissions) only the first time the seed meets it, so a restart
    // neither undoes an admin's edit of its title or permissions nor brings back a deleted one.
    const [marker] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, SEEDED_ROLES_KEY));
    const seededBefore = new Set<string>(marker ? (JSON.parse(marker.value) as string[]) : []);
    for (const role of roleSeeds) {
      let row: { id: number } | undefined;
      if (role.isSuper) {
        [row] = await tx
          .insert(roles)
          .values({ identifier: role.identifier, title: role.title, isSuper: true })
          .onConflictDoUpdate({ target: roles.identifier, set: { title: role.title, isSuper: true } })
          .returning({ id: roles.id });
      } else if (!seededBefore.has(role.identifier)) {
        [row] = await tx.insert(roles).values({ identifier: role.identifier, title: role.title }).onConflictDoNothing().returning({ id: roles.id });
      }
      if (!row) continue;
      for (const identifier of role.permissions) {
        const permissionId = permissionIds.get(identifier);
        if (!permissionId) throw new Error(`Seed role ${role.identifier} names unknown permission ${identifier}`);
        await tx.insert(rolePermissions).values({ roleId: row.id, permissionId }).onConflictDoNothing();
      }
    }
    const seeded = JSON.stringify([...new Set([...seededBefore, ...roleSeeds.map((role) => role.identifier)])]);
    await tx
      .insert(settings)
      .values({ key: SEEDED_ROLES_KEY, value: seeded })
      .onConflictDoUpdate({ target: settings.key, set: { value: seeded, updatedAt: new Date() } });

    await seedDemoTrivia(tx, { files: options.files, companyId: defaultCompany.id });

    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(admins)) as [{ count: number }];
    if (count > 0) return { generatedAdminPassword: null, createdAdmin: false };

    const password = options.adminPassword ?? generatePassword();
    const [admin] = await tx
      .insert(admins)
      .values({ username: 'admin', passwordHash: await hashPassword(password), name: 'Administrator', email: '' })
      .returning({ id: admins.id });
    const [superRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.identifier, 'super-admin'));
    await tx.insert(adminRoles).values({ adminId: admin!.id, roleId: superRole!.id });
    await tx.insert(adminCompanies).values({ adminId: admin!.id, companyId: defaultCompany.id });
    return { generatedAdminPassword: options.adminPassword ? null : password, createdAdmin: true };
  });
}
