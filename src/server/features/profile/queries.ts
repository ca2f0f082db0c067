/** The profile's SQL: the admin's own row, and its saved menu settings (admin_nav_settings). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminNavSettings, admins, permissions } from '../../db/schema.js';

export async function updateAdmin(db: Db, adminId: number, fields: { name: string; email: string; passwordHash?: string }): Promise<void> {
  await db
    .update(admins)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(admins.id, adminId));
}

export async function navSettingsOf(db: Db, adminId: number) {
  return db.select().from(adminNavSettings).where(eq(adminNavSettings.adminId, adminId));
}

/** The permission tree's rows, parents first, in menu order. */
export async function permissionRows(db: Db) {
  return db.select().from(permissions).orderBy(permissions.parentId, permissions.sort);
}

/** Saves some of an admin's menu flags in one transaction (a flag left out keeps its value). */
export async function saveNavFlags(db: Db, adminId: number, items: Array<{ name: string; noCache?: boolean; affix?: boolean }>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of items) {
      const set = { ...(item.noCache !== undefined ? { noCache: item.noCache } : {}), ...(item.affix !== undefined ? { affix: item.affix } : {}) };
      await tx
        .insert(adminNavSettings)
        .values({ adminId, name: item.name, noCache: item.noCache ?? false, affix: item.affix ?? false })
        .onConflictDoUpdate({ target: [adminNavSettings.adminId, adminNavSettings.name], set });
    }
  });
}
