/**
 * A company's time zone (companies.time_zone), for the times its exports show. An unknown company or
 * a zone Intl does not know falls back to Asia/Taipei (lib/zoned-time.ts).
 */
import type { Db } from '../../db/client.js';
import { knownTimeZone } from '../../lib/zoned-time.js';
import { storedTimeZone } from './queries.js';

export async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  return knownTimeZone(await storedTimeZone(db, companyId));
}
