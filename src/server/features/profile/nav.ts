/**
 * The menus an admin can open (visible nav permissions with a page) and their saved settings:
 * no_cache (the page is not kept alive when its tag is left) and affix (its tag is pinned).
 */
import type { Db } from '../../db/client.js';
import { navSettingsOf, permissionRows } from './queries.js';

/** An admin's saved settings of one menu's tag. */
export interface NavPreference {
  noCache: boolean;
  affix: boolean;
}

export async function navPreferences(db: Db, adminId: number): Promise<Map<string, NavPreference>> {
  const rows = await navSettingsOf(db, adminId);
  return new Map(rows.map((row) => [row.name, { noCache: row.noCache, affix: row.affix }]));
}

export async function listNavMenus(db: Db, adminId: number, held: Set<string>) {
  const preferences = await navPreferences(db, adminId);
  const rows = await permissionRows(db);
  return rows
    .filter((row) => row.type === 'nav' && !row.hidden && row.component && row.component !== 'Layout' && held.has(row.identifier))
    .map((row) => ({
      name: row.identifier,
      icon: row.icon,
      no_cache: preferences.get(row.identifier)?.noCache ? 1 : 0,
      affix: preferences.get(row.identifier)?.affix ? 1 : 0,
    }));
}
