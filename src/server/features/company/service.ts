/**
 * Companies, the tenants a `Cid` names (issue 15). A super admin sees and renames any company;
 * anyone else only those it may act for (admin_companies), and another company's id is not found.
 * Names are trimmed and unique whatever their case: each write holds a transaction-wide advisory
 * lock while it checks and writes, so two admins creating "Acme" and "ACME" at once cannot both win.
 * A company also carries its venue settings (issue 16, src/domain/venue-rules.ts): the public base URL
 * of the addresses its audience is shown, and the time zone of its exports; an update changes only
 * the fields it sends.
 * Never publishes or audits: the handlers do, after the commit.
 */
import { and, asc, count, eq, getTableName, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { components } from '@openapi/admin-api';
import type { Db } from '../../db/client.js';
import { adminCompanies, adminRoles, companies, roles } from '../../db/schema.js';
import { FieldErrors, recordNotFound } from '../../lib/envelope.js';
import { translateFieldErrors, type DomainFieldErrors } from '../../lib/domain-errors.js';
import { translate, type Lang } from '../../i18n.js';
import { currentTimeZoneName, isKnownTimeZone, normalizePublicUrl } from '../../../domain/venue-rules.js';
import { defaultCompany } from '../../db/seed-data.js';
import { companyNameIn, seededNameMatches } from './seeded-name.js';
import type { AdminAccess } from '../access/access.js';

type Schemas = components['schemas'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Held by every company write until its transaction ends (see the header). */
const COMPANY_NAME_LOCK = 0x636f_6d70; // 'comp'

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `table.column`: in a one-table select Drizzle leaves columns unqualified, which a subquery would misread. */
const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Who acts, as far as companies go. */
export type CompanyActor = Pick<AdminAccess, 'isSuper' | 'companyIds'> & { adminId: number };

/** Only the companies the actor may act for (none for a super admin, who may act for all). */
function scope(actor: CompanyActor): SQL | undefined {
  return actor.isSuper ? undefined : inArray(companies.id, [...actor.companyIds]);
}

export async function listCompanies(db: Db, lang: Lang, actor: CompanyActor, query: Schemas['CompanyListRequest']): Promise<Schemas['CompanyListData']> {
  if (!actor.isSuper && actor.companyIds.size === 0) return { list: [], total: 0 };
  const keyword = query.keyword?.trim();
  // The seeded company is also found by the name it shows (預設公司 / Default company).
  const seeded = keyword && seededNameMatches(keyword) ? seededCompanyCondition() : undefined;
  const where = and(scope(actor), keyword ? (seeded ? or(ilike(companies.name, contains(keyword)), seeded) : ilike(companies.name, contains(keyword))) : undefined);
  // Admins who may act for the company through an admin_companies row; super admins, who may act for
  // every company, are not counted (the contract's Company.admin_count).
  const adminCount = sql<number>`(
    select count(*) from ${adminCompanies}
    where ${qualified(adminCompanies.companyId)} = ${qualified(companies.id)}
      and not exists (
        select 1 from ${adminRoles} inner join ${roles} on ${qualified(roles.id)} = ${qualified(adminRoles.roleId)}
        where ${qualified(adminRoles.adminId)} = ${qualified(adminCompanies.adminId)} and ${qualified(roles.isSuper)}
      )
  )::int`;
  const rows = await db
    .select({ id: companies.id, name: companies.name, publicUrl: companies.publicUrl, timeZone: companies.timeZone, createdAt: companies.createdAt, adminCount })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ total }] = (await db.select({ total: count() }).from(companies).where(where)) as [{ total: number }];
  return {
    list: rows.map((row) => ({
      id: row.id,
      name: companyNameIn(lang, row),
      admin_count: Number(row.adminCount),
      public_url: row.publicUrl,
      // Stored before the list offered current names: shown (and saved again) as the current one.
      time_zone: currentTimeZoneName(row.timeZone),
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}

/** The seeded company while it still has its seeded name. */
const seededCompanyCondition = () => and(eq(companies.id, defaultCompany.id), eq(companies.name, defaultCompany.name));

/** The venue settings a request sends, as stored; absent fields stay absent (an update leaves them). */
interface VenueFields {
  publicUrl?: string | null;
  timeZone?: string;
}

/**
 * Checks the fields that need no database (a blank name, the public URL, the time zone) together, so
 * one 422 names every one of them; answers the venue fields as stored.
 */
function checkFields(lang: Lang, input: { name?: string; public_url?: string | null; time_zone?: string }): VenueFields {
  const errors: DomainFieldErrors = {};
  const fields: VenueFields = {};
  if (input.public_url !== undefined) {
    const checked = normalizePublicUrl(input.public_url);
    if (checked.ok) fields.publicUrl = checked.value;
    else errors.public_url = [checked.key];
  }
  if (input.time_zone !== undefined) {
    // A retired spelling (Asia/Calcutta) is stored by its current name (Asia/Kolkata).
    if (isKnownTimeZone(input.time_zone)) fields.timeZone = currentTimeZoneName(input.time_zone);
    else errors.time_zone = ['venue.timeZoneUnknown'];
  }
  const translated: Record<string, string[]> = translateFieldErrors(lang, errors);
  if (input.name !== undefined && !input.name.trim()) translated.name = [translate(lang, 'company.nameRequired')];
  if (Object.keys(translated).length > 0) throw new FieldErrors(translated);
  return fields;
}

/** The name as stored: trimmed, not empty, not another company's (any case). */
async function checkName(tx: Tx, lang: Lang, name: string, exceptId: number | null): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) throw new FieldErrors({ name: [translate(lang, 'company.nameRequired')] });
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(COMPANY_NAME_LOCK))})`);
  const [clash] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${trimmed})`, exceptId === null ? undefined : ne(companies.id, exceptId)))
    .limit(1);
  if (clash) throw new FieldErrors({ name: [translate(lang, 'company.nameTaken')] });
  return trimmed;
}

export interface CreatedCompany {
  id: number;
  name: string;
  /** Whether the creator got an admin_companies row for it (it is not a super admin). */
  granted: boolean;
}

export async function createCompany(db: Db, lang: Lang, actor: CompanyActor, input: Schemas['CompanyCreateRequest']): Promise<CreatedCompany> {
  const venue = checkFields(lang, input);
  return db.transaction(async (tx) => {
    const name = await checkName(tx, lang, input.name, null);
    const [row] = await tx.insert(companies).values({ name, ...venue }).returning({ id: companies.id });
    const id = row!.id;
    // A creator that is not a super admin may act for what it created at once.
    if (!actor.isSuper) await tx.insert(adminCompanies).values({ adminId: actor.adminId, companyId: id });
    return { id, name, granted: !actor.isSuper };
  });
}

export interface UpdatedCompany {
  before: string;
  name: string;
  /** What changed, for the audit trail: `name A → B`, `public URL (none) → https://…`, `time zone A → B`. */
  changes: string[];
  /** Admins with an admin_companies row for it: their company switcher shows the name. */
  admins: number[];
}

const shown = (value: string | null) => value ?? '(none)';

/** Changes the fields sent (name, public URL, time zone); the others stay as they are. */
export async function updateCompany(db: Db, lang: Lang, actor: CompanyActor, input: Schemas['CompanyUpdateRequest']): Promise<UpdatedCompany> {
  const venue = checkFields(lang, input);
  return db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(and(eq(companies.id, input.id), scope(actor))).for('update');
    if (!company) throw recordNotFound();
    // The name as shown (the seeded company's in this language: seeded-name.ts) sent back is no rename.
    const sameAsShown = input.name !== undefined && input.name.trim() === companyNameIn(lang, company);
    const name = input.name === undefined || sameAsShown ? company.name : await checkName(tx, lang, input.name, company.id);
    const changes: string[] = [];
    const set: Partial<typeof companies.$inferInsert> = {};
    if (name !== company.name) {
      set.name = name;
      changes.push(`name ${company.name} → ${name}`);
    }
    if (venue.publicUrl !== undefined && venue.publicUrl !== company.publicUrl) {
      set.publicUrl = venue.publicUrl;
      changes.push(`public URL ${shown(company.publicUrl)} → ${shown(venue.publicUrl)}`);
    }
    if (venue.timeZone !== undefined && venue.timeZone !== company.timeZone) {
      set.timeZone = venue.timeZone;
      changes.push(`time zone ${company.timeZone} → ${venue.timeZone}`);
    }
    if (changes.length > 0) await tx.update(companies).set(set).where(eq(companies.id, company.id));
    const rows = await tx.select({ adminId: adminCompanies.adminId }).from(adminCompanies).where(eq(adminCompanies.companyId, company.id));
    return { before: company.name, name, changes, admins: rows.map((row) => row.adminId) };
  });
}
