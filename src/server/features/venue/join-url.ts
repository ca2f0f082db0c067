/**
 * The join address shown to the audience (issue 16): `<base>/play?pin=<pin>`, where base is the
 * company's public_url, else the server's PUBLIC_URL, else none (null: the display falls back to its
 * own address, and the control screen warns when that is a loopback one). Never the operator's
 * browser address: the server decides.
 */
import type { Db } from '../../db/client.js';
import { joinUrlOf } from '../../../domain/venue-rules.js';
import { companyPublicUrl } from './queries.js';

type Queryable = Pick<Db, 'select'>;

export type PublicUrlSource = 'company' | 'environment' | 'none';

export interface PublicBase {
  base: string | null;
  source: PublicUrlSource;
}

/** The base by precedence: the company's own, then the environment's, then none. */
export function choosePublicBase(companyUrl: string | null | undefined, environmentUrl: string | null | undefined): PublicBase {
  if (companyUrl) return { base: companyUrl, source: 'company' };
  if (environmentUrl) return { base: environmentUrl, source: 'environment' };
  return { base: null, source: 'none' };
}

/** The public base of a company's addresses (one read of its row). */
export async function publicBaseOf(db: Queryable, companyId: number, environmentUrl: string | null | undefined): Promise<PublicBase> {
  return choosePublicBase(await companyPublicUrl(db, companyId), environmentUrl);
}

/** A game's join address with its company's base; null without a base. */
export async function joinUrlForGame(db: Queryable, game: { companyId: number; pin: string }, environmentUrl: string | null | undefined): Promise<string | null> {
  return joinUrlOf((await publicBaseOf(db, game.companyId, environmentUrl)).base, game.pin);
}

