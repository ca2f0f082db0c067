/** The website pages' SQL: a company's page by key, and whether a company exists (the public call's Cid). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, websitePages } from '../../db/schema.js';

export async function findPage(db: Db, companyId: number, key: string) {
  const [row] = await db
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.companyId, companyId), eq(websitePages.key, key)));
  return row;
}

export async function savePage(db: Db, companyId: number, key: string, content: string, now: Date): Promise<void> {
  await db
    .insert(websitePages)
    .values({ companyId, key, content, updatedAt: now })
    .onConflictDoUpdate({ target: [websitePages.companyId, websitePages.key], set: { content, updatedAt: now } });
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return company !== undefined;
}
