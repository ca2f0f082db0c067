/**
 * The SQL of companies: the list with its filter and admin count, the name lock and clash check, the
 * writes, and a company's time zone. No rules here (service.ts decides who sees what and what a
 * name may be); each function runs on the database or transaction it is given.
 */
import { and, asc, count, eq, getTableName, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { adminCompanies, adminRoles, companies, roles } from '../../db/schema.js';
import { defaultCompany } from '../../db/seed-data.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CompanyRow = typeof companies.$inferSelect;

/** Held by every company write until its transaction ends (service.ts's header says why). */
const COMPANY_NAME_LOCK = 0x636f_6d70; // 'comp'

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `table.column`: in a one-table select Drizzle leaves columns unqualified, which a subquery would misread. */
const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Only the given companies (null: every company). */
const scope = (companyIds: number[] | null): SQL | undefined => (companyIds === null ? undefined : inArray(companies.id, companyIds));

export interface CompanyFilter {
  /** The companies the reader may see; null: every one. */
  companyIds: number[] | null;
  /** Names containing it, whatever their case. */
  keyword?: string;
  /** Also the seeded company while it still has its seeded name (the keyword matched the name it shows). */
  orSeeded: boolean;
}

/** The seeded company while it still has its seeded name. */
const seededCompanyCondition = () => and(eq(companies.id, defaultCompany.id), eq(companies.name, defaultCompany.name));

function filterOf(filter: CompanyFilter): SQL | undefined {
  const { keyword } = filter;
  const named = keyword ? (filter.orSeeded ? or(ilike(companies.name, contains(keyword)), seededCompanyCondition()) : ilike(companies.name, contains(keyword))) : undefined;
  return and(scope(filter.companyIds), named);
}

/**
 * One page of companies in id order, with their admin count: admins who may act for the company
 * through an admin_companies row; super admins, who may act for every company, are not counted (the
 * contract's Company.admin_count). Also the total the filter matches.
 */
export async function companyPage(db: Db, filter: CompanyFilter, page: { limit: number; offset: number }) {
  const where = filterOf(filter);
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
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = (await db.select({ total: count() }).from(companies).where(where)) as [{ total: number }];
  return { rows, total };
}

/** Waits for the company name lock, held until the transaction ends. */
export async function lockCompanyNames(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(COMPANY_NAME_LOCK))})`);
}

/** Whether another company (not `exceptId`) has this name, whatever its case. */
export async function nameTaken(tx: Tx, name: string, exceptId: number | null): Promise<boolean> {
  const [clash] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${name})`, exceptId === null ? undefined : ne(companies.id, exceptId)))
    .limit(1);
  return clash !== undefined;
}

export async function insertCompany(tx: Tx, values: typeof companies.$inferInsert): Promise<number> {
  const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function grantCompany(tx: Tx, adminId: number, companyId: number): Promise<void> {
  await tx.insert(adminCompanies).values({ adminId, companyId });
}

/** The company, locked for update, when it is among `companyIds` (null: any). */
export async function companyForUpdate(tx: Tx, id: number, companyIds: number[] | null): Promise<CompanyRow | undefined> {
  const [company] = await tx.select().from(companies).where(and(eq(companies.id, id), scope(companyIds))).for('update');
  return company;
}

export async function updateCompanyRow(tx: Tx, id: number, set: Partial<typeof companies.$inferInsert>): Promise<void> {
  await tx.update(companies).set(set).where(eq(companies.id, id));
}

/** The admins with an admin_companies row for the company. */
export async function adminsOfCompany(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await tx.select({ adminId: adminCompanies.adminId }).from(adminCompanies).where(eq(adminCompanies.companyId, companyId));
  return rows.map((row) => row.adminId);
}

export async function storedTimeZone(db: Db, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.timeZone;
}
