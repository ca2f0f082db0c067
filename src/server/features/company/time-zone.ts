/**
 * A company's time zone (companies.time_zone), for the times its exports show. An unknown company or
 * a zone Intl does not know falls back to Asia/Taipei (lib/zoned-time.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { knownTimeZone } from '../../lib/zoned-time.js';

export async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return knownTimeZone(row?.timeZone);
}
