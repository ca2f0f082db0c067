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
import { generatePassword, hashPassword } from '../lib/password.js';
import type { Db } from '../db/client.js';
import { defaultCompany, permissionTree, roleSeeds, type PermissionSeed } from '../db/seed-data.js';
import * as q from './seed/queries.js';
import { seedDemoTrivia } from './trivia/demo-seed.js';

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
async function upsertPermissions(tx: q.Queryable, tree: PermissionSeed[]): Promise<void> {
  let level = tree.map((node, index) => ({ node, index, parentId: null as number | null }));
  while (level.length > 0) {
    const ids = await q.upsertPermissionLevel(
      tx,
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
    );
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
    await q.ensureCompany(tx, defaultCompany);

    await upsertPermissions(tx, permissionTree);

    const permissionIds = await q.permissionIds(tx);
    // Super roles are read-only and kept as the seed says. The others are the admins' once created:
    // a role is created (with its permissions) only the first time the seed meets it, so a restart
    // neither undoes an admin's edit of its title or permissions nor brings back a deleted one.
    const marker = await q.settingValue(tx, SEEDED_ROLES_KEY);
    const seededBefore = new Set<string>(marker !== undefined ? (JSON.parse(marker) as string[]) : []);
    for (const role of roleSeeds) {
      let row: { id: number } | undefined;
      if (role.isSuper) {
        row = await q.upsertSuperRole(tx, role.identifier, role.title);
      } else if (!seededBefore.has(role.identifier)) {
        row = await q.insertRoleIfMissing(tx, role.identifier, role.title);
      }
      if (!row) continue;
      for (const identifier of role.permissions) {
        const permissionId = permissionIds.get(identifier);
        if (!permissionId) throw new Error(`Seed role ${role.identifier} names unknown permission ${identifier}`);
        await q.grantRolePermission(tx, row.id, permissionId);
      }
    }
    const seeded = JSON.stringify([...new Set([...seededBefore, ...roleSeeds.map((role) => role.identifier)])]);
    await q.putSetting(tx, SEEDED_ROLES_KEY, seeded);

    await seedDemoTrivia(tx, { files: options.files, companyId: defaultCompany.id });

    if ((await q.countAdmins(tx)) > 0) return { generatedAdminPassword: null, createdAdmin: false };

    const password = options.adminPassword ?? generatePassword();
    await q.insertSuperAdmin(tx, { username: 'admin', passwordHash: await hashPassword(password), name: 'Administrator', email: '' }, defaultCompany.id);
    return { generatedAdminPassword: options.adminPassword ? null : password, createdAdmin: true };
  });
}
