/**
 * The read cache (issue 22): the answers of the hot list and detail reads, kept in this process as the
 * JSON text that was sent, and sent again as it is while nothing they were read from has changed
 * (compressed once per encoding a client asks for, then that copy sent: `encode`).
 * plugins/read-cache.ts decides what is cached and when; this class keeps the entries and the
 * generations that say whether an entry still holds.
 *
 * Every entry names its groups: `<table>:<company>` for each table its answer was read from (the
 * database's triggers, migration 0010, announce every change as table + company, or table + null for
 * "any company": `<table>:*`), `company:<id>` (a write through this instance's API for that company)
 * and `access:*` (an access change: roles, permissions, companies, an admin's name). Each group has a
 * generation, bumped by every invalidation of it. An entry holds while each of its groups still has
 * the generation it had when the read that made the entry started; so a read that started before a
 * write and finished after its invalidation keeps nothing (its snapshot of the generations is older),
 * and an invalidation never has to find the entries it drops. `clear()` (the bus lost its connection,
 * or came back) bumps the epoch every entry also depends on; while `bypass` is set nothing is served or
 * kept.
 */

export interface ReadPlan {
  key: string;
  groups: string[];
  /** The generations of `groups` (and the epoch, last) when the read started. */
  generations: number[];
}

/** The encodings a kept answer may also be kept in (plugins/compression.ts offers these two). */
export type CachedEncoding = 'br' | 'gzip';

/** A kept answer: its JSON text, and that text compressed, each encoding made the first time it is asked for. */
export interface CachedAnswer {
  readonly body: string;
  readonly encoded: Partial<Record<CachedEncoding, Buffer>>;
}

interface Entry extends CachedAnswer {
  key: string;
  groups: string[];
  generations: number[];
  storedAt: number;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  stored: number;
  /** Reads whose groups changed while they ran: answered, not kept. */
  raced: number;
  entries: number;
  bytes: number;
}

/** An entry is read again after this long whatever happens (a last guard, never the invalidation). */
const ENTRY_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;
/** The answers kept, in UTF-16 code units of their JSON (about bytes for ASCII; a Chinese character counts 1), plus their compressed copies' bytes. */
const MAX_CHARS = 32 * 1024 * 1024;

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generationOf = new Map<string, number>();
  private epoch = 0;
  private chars = 0;
  /** Set while invalidations may be missed (the bus's connection is down): nothing is served or kept. */
  bypass = false;
  readonly stats: Omit<ReadCacheStats, 'entries' | 'bytes'> = { hits: 0, misses: 0, stored: 0, raced: 0 };

  /** What a read of `key` depends on, with the generations now: taken before the read starts. */
  plan(key: string, groups: string[]): ReadPlan {
    const generations = groups.map((group) => this.generationOf.get(group) ?? 0);
    generations.push(this.epoch);
    return { key, groups, generations };
  }

  /** The answer kept for the plan's key, if it still holds. */
  get(plan: ReadPlan, now = Date.now()): CachedAnswer | null {
    if (this.bypass) return null;
    const entry = this.entries.get(plan.key);
    if (!entry) {
      this.stats.misses += 1;
      return null;
    }
    if (now - entry.storedAt >= ENTRY_TTL_MS || !this.holds(entry.groups, entry.generations)) {
      this.drop(plan.key, entry);
      this.stats.misses += 1;
      return null;
    }
    this.stats.hits += 1;
    return entry;
  }

  /**
   * The kept answer in `encoding`, compressed by `compress` the first time it is asked for and kept
   * with the entry (its bytes count towards the cache's size), so a hit costs no compression.
   */
  encode(answer: CachedAnswer, encoding: CachedEncoding, compress: (body: string) => Buffer): Buffer {
    const kept = answer.encoded[encoding];
    if (kept) return kept;
    const bytes = compress(answer.body);
    const entry = answer as Entry;
    // Kept only while the entry is still the one cached (an entry dropped meanwhile is not counted).
    if (this.entries.get(entry.key) === entry) {
      entry.encoded[encoding] = bytes;
      this.chars += bytes.length;
    }
    return bytes;
  }

  /** Keeps the answer of a read planned by `plan`, unless one of its groups changed since the plan. */
  store(plan: ReadPlan, body: string, now = Date.now()): boolean {
    if (this.bypass) return false;
    if (!this.holds(plan.groups, plan.generations)) {
      this.stats.raced += 1;
      return false;
    }
    const old = this.entries.get(plan.key);
    if (old) this.drop(plan.key, old);
    this.entries.set(plan.key, { key: plan.key, body, encoded: {}, groups: plan.groups, generations: plan.generations, storedAt: now });
    this.chars += body.length;
    this.stats.stored += 1;
    // The oldest go first (a Map iterates in insertion order).
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.chars <= MAX_CHARS) break;
      this.drop(key, entry);
    }
    return true;
  }

  /** Every entry depending on `group` stops holding. */
  invalidate(group: string): void {
    this.generationOf.set(group, (this.generationOf.get(group) ?? 0) + 1);
  }

  /** No entry holds any more (and reads under way keep nothing). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.chars = 0;
  }

  snapshot(): ReadCacheStats {
    return { ...this.stats, entries: this.entries.size, bytes: this.chars };
  }

  private holds(groups: string[], generations: number[]): boolean {
    if (generations[groups.length] !== this.epoch) return false;
    for (let i = 0; i < groups.length; i += 1) if ((this.generationOf.get(groups[i]!) ?? 0) !== generations[i]) return false;
    return true;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.chars -= entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  }
}

/** JSON with every object's keys in order: the same request body, whatever order its fields came in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
