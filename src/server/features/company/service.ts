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
import type { components } from '@openapi/admin-api';
import type { Db } from '../../db/client.js';
import type { companies } from '../../db/schema.js';
import { FieldErrors, recordNotFound } from '../../lib/envelope.js';
import { translateFieldErrors, type DomainFieldErrors } from '../../lib/domain-errors.js';
import { translate, type Lang } from '../../i18n.js';
import { currentTimeZoneName, isKnownTimeZone, normalizePublicUrl } from '../../../domain/venue-rules.js';
import { companyNameIn, seededNameMatches } from './seeded-name.js';
import type { AdminAccess } from '../access/access.js';
import * as q from './queries.js';

type Schemas = components['schemas'];

/** Who acts, as far as companies go. */
export type CompanyActor = Pick<AdminAccess, 'isSuper' | 'companyIds'> & { adminId: number };

/** Only the companies the actor may act for (null for a super admin, who may act for all). */
function scope(actor: CompanyActor): number[] | null {
  return actor.isSuper ? null : [...actor.companyIds];
}

export async function listCompanies(db: Db, lang: Lang, actor: CompanyActor, query: Schemas['CompanyListRequest']): Promise<Schemas['CompanyListData']> {
  if (!actor.isSuper && actor.companyIds.size === 0) return { list: [], total: 0 };
  const keyword = query.keyword?.trim();
  // The seeded company is also found by the name it shows (預設公司 / Default company).
  const orSeeded = Boolean(keyword && seededNameMatches(keyword));
  const { rows, total } = await q.companyPage(db, { companyIds: scope(actor), keyword: keyword || undefined, orSeeded }, { limit: query.limit, offset: (query.page - 1) * query.limit });
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
async function checkName(tx: q.Tx, lang: Lang, name: string, exceptId: number | null): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) throw new FieldErrors({ name: [translate(lang, 'company.nameRequired')] });
  await q.lockCompanyNames(tx);
  if (await q.nameTaken(tx, trimmed, exceptId)) throw new FieldErrors({ name: [translate(lang, 'company.nameTaken')] });
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
    const id = await q.insertCompany(tx, { name, ...venue });
    // A creator that is not a super admin may act for what it created at once.
    if (!actor.isSuper) await q.grantCompany(tx, actor.adminId, id);
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
    const company = await q.companyForUpdate(tx, input.id, scope(actor));
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
    if (changes.length > 0) await q.updateCompanyRow(tx, company.id, set);
    return { before: company.name, name, changes, admins: await q.adminsOfCompany(tx, company.id) };
  });
}
