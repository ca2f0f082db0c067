/**
 * Roles and the permission tree (issue 15). Roles are agency-wide. The guard rails are
 * src/domain/access-rules.ts's (`roleChangeRefusals`): a caller adds or removes only permissions it
 * holds, super roles (which hold every permission, present and future) are read-only, and a role held
 * by an admin of a company the caller may not act for is neither changed nor deleted by it (issue
 * 33: a role's change reaches every holder, in every company). A role is deleted only while nobody
 * holds it. Every change of a role runs under the accounts lock (features/admin/queries.ts, taken
 * first, as the admins' changes take it before assigning roles) and a row lock on the role, so two
 * editors, an assignment racing a change or a delete, or a holder given another company meanwhile
 * see each other's result.
 * Titles: the seeded roles and every permission carry an i18n key as title (seed-data.ts), written
 * here in the request's language; a title a user typed is shown as typed.
 * Never publishes or audits: the handlers do, after the commit.
 */
import type { components } from '@openapi/admin-api';
import { roleChangeRefusals, type Grantor, type RoleFacts, type RoleHolder } from '../../../domain/access-rules.js';
import { formatDomainMessage } from '../../../domain/messages.js';
import type { Db } from '../../db/client.js';
import { roleSeeds } from '../../db/seed-data.js';
import { domainRefusal } from '../../lib/domain-errors.js';
import { businessError, FieldErrors, recordNotFound } from '../../lib/envelope.js';
import { translate, type Lang } from '../../i18n.js';
import { lockAccounts } from '../admin/queries.js';
import { seededTitle } from './messages.js';
import * as q from './queries.js';

type Schemas = components['schemas'];

/** The seed's title key of each seeded role, by identifier. */
const seedTitleKeys = new Map(roleSeeds.map((role) => [role.identifier, role.title]));

/** A role's title in `lang`: a seeded role still titled with its seed key is translated. */
function roleTitle(lang: Lang, identifier: string, title: string): string {
  return seedTitleKeys.get(identifier) === title ? seededTitle(lang, title) : title;
}

// ------------------------------------------------------------------ reading

export async function listRoles(db: Db, lang: Lang, query: Schemas['RoleListRequest']): Promise<Schemas['RoleListData']> {
  const keyword = query.keyword?.trim();
  const needle = keyword?.toLowerCase() ?? '';
  // A seeded role still titled with its key is found by the title the user reads, in either language.
  const orTitled = keyword
    ? roleSeeds
        .filter((role) => (['zh-TW', 'en'] as const).some((l) => seededTitle(l, role.title).toLowerCase().includes(needle)))
        .map((role) => ({ identifier: role.identifier, title: role.title }))
    : [];
  const { rows, total } = await q.rolePage(db, { keyword: keyword || undefined, orTitled }, { limit: query.limit, offset: (query.page - 1) * query.limit });

  const held = await permissionsOfRoles(
    db,
    rows.filter((row) => !row.isSuper).map((row) => row.id),
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      identifier: row.identifier,
      title: roleTitle(lang, row.identifier, row.title),
      is_super: row.isSuper ? 1 : 0,
      permissions: row.isSuper ? [] : (held.get(row.id) ?? []),
      admin_count: Number(row.adminCount),
    })),
    total: Number(total),
  };
}

/** The permission identifiers of each role, sorted. */
async function permissionsOfRoles(db: Pick<Db, 'select'>, roleIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (!roleIds.length) return result;
  for (const row of await q.permissionsOfRoles(db, roleIds)) {
    const list = result.get(row.roleId) ?? [];
    list.push(row.identifier);
    result.set(row.roleId, list);
  }
  return result;
}

/** Every permission as a tree: menus with their sub-menus and buttons as children, in menu order. */
export async function permissionTree(db: Db, lang: Lang): Promise<Schemas['PermissionTreeData']> {
  const rows = await q.permissionsInMenuOrder(db);
  const build = (parentId: number | null): Schemas['PermissionNode'][] =>
    rows
      .filter((row) => row.parentId === parentId)
      .map((row) => {
        const children = build(row.id);
        return { identifier: row.identifier, title: seededTitle(lang, row.title), type: row.type, ...(children.length ? { children } : {}) };
      });
  return { list: build(null) };
}

// ------------------------------------------------------------------ writing

type PermissionRow = q.PermissionRow;

/**
 * The permissions a role will hold: the requested ones, each once, plus the parent menus of every
 * menu among them (a menu shows only under its parent: features/session/menu.ts), so a role never
 * holds a menu nobody can reach. Unknown identifiers are a 422 on `permissions`.
 */
async function resolvePermissions(tx: Pick<Db, 'select'>, lang: Lang, requested: readonly string[]): Promise<PermissionRow[]> {
  const all = await q.allPermissions(tx);
  const byIdentifier = new Map(all.map((row) => [row.identifier, row]));
  const byId = new Map(all.map((row) => [row.id, row]));
  const unknown = [...new Set(requested)].filter((identifier) => !byIdentifier.has(identifier));
  if (unknown.length) {
    throw new FieldErrors({ permissions: [formatDomainMessage(lang, 'account.unknownPermissions', { permissions: unknown.join(', ') })] });
  }
  const chosen = new Map<number, PermissionRow>();
  for (const identifier of requested) {
    let row = byIdentifier.get(identifier);
    const addParents = row?.type === 'nav';
    chosen.set(row!.id, row!);
    while (addParents && row?.parentId != null) {
      row = byId.get(row.parentId);
      if (row && row.type === 'nav') chosen.set(row.id, row);
    }
  }
  return [...chosen.values()];
}

function cleanTitle(lang: Lang, title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw new FieldErrors({ title: [translate(lang, 'role.titleRequired')] });
  return trimmed;
}

function assertGrantable(grantor: Grantor, role: RoleFacts | null, after: readonly string[], holders: readonly RoleHolder[] = []): void {
  const [refusal] = roleChangeRefusals(grantor, role, after, holders);
  if (refusal) throw domainRefusal(refusal.key, refusal.params);
}

/** A unique violation of the role identifier, wherever the driver put it (Drizzle wraps errors). */
function isIdentifierTaken(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'roles_identifier_unique' || e.message?.includes('roles_identifier_unique'))) return true;
  }
  return false;
}

const identifierTaken = (lang: Lang) => new FieldErrors({ identifier: [translate(lang, 'role.identifierTaken')] });

export interface CreatedRole {
  id: number;
  identifier: string;
  title: string;
  permissions: string[];
}

export async function createRole(db: Db, lang: Lang, grantor: Grantor, input: Schemas['RoleCreateRequest']): Promise<CreatedRole> {
  const title = cleanTitle(lang, input.title);
  if ((await q.roleIdByIdentifier(db, input.identifier)) !== undefined) throw identifierTaken(lang);
  try {
    return await db.transaction(async (tx) => {
      const chosen = await resolvePermissions(tx, lang, input.permissions);
      const identifiers = chosen.map((p) => p.identifier).sort();
      assertGrantable(grantor, null, identifiers);
      const id = await q.insertRole(tx, { identifier: input.identifier, title }, chosen.map((p) => p.id));
      return { id, identifier: input.identifier, title, permissions: identifiers };
    });
  } catch (error) {
    // Someone took the identifier between the check and the insert.
    if (isIdentifierTaken(error)) throw identifierTaken(lang);
    throw error;
  }
}

/**
 * The role locked for the rest of the transaction, with what the rules need (its holders with their
 * companies included); 404 when there is none. The accounts lock first: an admin's change takes it
 * before it assigns roles, so the two never wait for each other crosswise.
 */
async function lockRole(tx: q.Tx, id: number) {
  await lockAccounts(tx);
  const role = await q.roleForUpdate(tx, id);
  if (!role) throw recordNotFound();
  const held = role.isSuper ? [] : ((await permissionsOfRoles(tx, [id])).get(id) ?? []);
  const facts: RoleFacts = { identifier: role.identifier, isSuper: role.isSuper, permissions: held };
  return { role, facts, holders: await holdersOf(tx, id) };
}

/** The admins holding the role, each with the companies it acts for and whether it holds a super role. */
async function holdersOf(tx: Pick<Db, 'select'>, roleId: number): Promise<Array<RoleHolder & { adminId: number }>> {
  const adminIds = await q.holderIds(tx, roleId);
  if (!adminIds.length) return [];
  const companyRows = await q.companiesOfAdmins(tx, adminIds);
  const supers = await q.superAdminsAmong(tx, adminIds);
  return adminIds.map((adminId) => ({
    adminId,
    isSuper: supers.has(adminId),
    companyIds: companyRows.filter((row) => row.adminId === adminId).map((row) => row.companyId),
  }));
}

export interface RoleUpdate {
  identifier: string;
  titleBefore: string;
  title: string;
  added: string[];
  removed: string[];
  /** Admins holding the role: their access changed when permissions did. */
  holders: number[];
}

export async function updateRole(db: Db, lang: Lang, grantor: Grantor, input: Schemas['RoleUpdateRequest']): Promise<RoleUpdate> {
  return db.transaction(async (tx) => {
    const { role, facts, holders } = await lockRole(tx, input.id);
    // Super roles first: whatever the body says, they are read-only; nor is a title changed for
    // holders in a company the caller may not act for.
    assertGrantable(grantor, facts, facts.permissions, holders);
    const title = cleanTitle(lang, input.title);
    const chosen = await resolvePermissions(tx, lang, input.permissions);
    const after = chosen.map((p) => p.identifier).sort();
    assertGrantable(grantor, facts, after, holders);

    const before = new Set(facts.permissions);
    const afterSet = new Set(after);
    const added = after.filter((identifier) => !before.has(identifier));
    const removed = facts.permissions.filter((identifier) => !afterSet.has(identifier));

    if (title !== role.title) await q.retitleRole(tx, role.id, title);
    if (removed.length) await q.removeRolePermissions(tx, role.id, removed);
    const addedRows = chosen.filter((p) => !before.has(p.identifier));
    if (addedRows.length) await q.addRolePermissions(tx, role.id, addedRows.map((p) => p.id));

    return { identifier: role.identifier, titleBefore: role.title, title, added, removed, holders: holders.map((holder) => holder.adminId) };
  });
}

/** Deletes a role nobody holds; answers its identifier. */
export async function deleteRole(db: Db, grantor: Grantor, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const { role, facts, holders } = await lockRole(tx, id);
    // Super roles are read-only; a role held in a company the caller may not act for is not its to
    // delete (told so before "take it away from them first", which it could not do); others only by
    // someone holding every permission the role has.
    assertGrantable(grantor, facts, [], holders);
    // The row lock keeps an assignment of the role (its foreign key check) from slipping in now.
    if (holders.length) throw businessError('role.inUse', { count: holders.length });
    await q.deleteRoleRow(tx, id);
    return role.identifier;
  });
}
