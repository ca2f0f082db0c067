/**
 * Authentication and permissions from memory. A protected request needs its session's state (live,
 * ended and why, expiry, which of its tokens are in use), its admin's access (status, roles, permissions, companies) and whether the
 * `Cid` company exists: read from the database once, then kept in this process, so an everyday call
 * runs no query to know who asks and what they may do (the access token's signature is checked
 * without one too).
 *
 * Every change that must take effect at once invalidates what it touched, on every instance, before
 * the change's request is answered: the writer drops its own copy, then publishes an
 * `access.invalidate` event on the event bus (realtime/bus.ts: LISTEN/NOTIFY on PostgreSQL, in
 * process on the embedded PGlite); each instance drops its copy and answers `access.applied`, and the
 * writer waits for the answer of every instance listening when it published (the bus's peers,
 * itself included), so the change's answer never reaches a client before every instance forgot the
 * old state. The writers: session/service.ts (logout, a refresh — its predecessor token stops being
 * in use once the grace is over —, a session ended by a token reuse, every session of an admin
 * ended: disabled, deleted, new password),
 * admin/handlers.ts (any change or deletion of an admin: roles, direct permissions, companies,
 * status, password, name), profile/handlers.ts (one's own name, email or password),
 * role/handlers.ts (a role's permissions changed or the role deleted: every admin's access),
 * company/handlers.ts (a company created or renamed), and each instance's start (seeding may have
 * changed the seeded roles and permissions: everything).
 *
 * Three guards keep a stale copy from outliving a change:
 * - a load that started before an invalidation is returned but not kept (a generation counter), so a
 *   read racing with a write cannot store the old state after the write's event went by;
 * - while the bus has lost its PostgreSQL connection (events may be missed), nothing is served from
 *   memory and everything is dropped when it is back;
 * - an entry is reloaded after ENTRY_TTL_MS whatever happens, and the maps hold at most MAX_ENTRIES
 *   each (the oldest go first).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { adminSessions, permissions } from '../../db/schema.js';
import { BUS_DOWN, BUS_UP, type EventBus, type RealtimeEvent } from '../../realtime/bus.js';
import { loadAccess, type AdminAccess } from './access.js';
import * as q from './queries.js';

/** What a change made stale. */
export type AccessInvalidation =
  /** These sessions' state (logout, a token reuse). */
  | { kind: 'sessions'; sessionIds: string[] }
  /** Everything about these admins: their access and their sessions' state. */
  | { kind: 'admins'; adminIds: number[] }
  /** Every admin's access (a role's permissions changed, a role deleted). */
  | { kind: 'roles' }
  /** The companies (one created or renamed). */
  | { kind: 'companies' }
  | { kind: 'all' };

export interface CachedSession {
  adminId: number;
  revokedAt: Date | null;
  revokedReason: (typeof adminSessions.$inferSelect)['revokedReason'];
  expiresAt: Date;
  /**
   * The session's access tokens still in use when it was loaded, by jti: the current one (null) and
   * those refreshed within the refresh grace (when, in ms). A token not here was refreshed longer
   * ago, or issued after the load (service.ts reloads once before refusing it).
   */
  tokens: Map<string, number | null>;
}

export type PermissionRow = typeof permissions.$inferSelect;

/** The bus topic of invalidations: no WebSocket client may subscribe to it (the hub has no handler for it). */
export const ACCESS_TOPIC = 'access';
export const ACCESS_INVALIDATE = 'access.invalidate';
export const ACCESS_APPLIED = 'access.applied';

const ENTRY_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 20_000;
/** How long a writer waits for every instance's answer before answering anyway (logged). */
const APPLIED_TIMEOUT_MS = 2_000;

interface Entry<T> {
  value: T;
  loadedAt: number;
}

interface InvalidateMessage {
  id: string;
  what: AccessInvalidation;
}

interface AppliedMessage {
  id: string;
  /** The instance that applied it. */
  by: string;
}

interface Waiting {
  instances: Set<string>;
  done: () => void;
}

export class AccessCache {
  private readonly sessionEntries = new Map<string, Entry<CachedSession>>();
  private readonly accessEntries = new Map<number, Entry<AdminAccess>>();
  private companyEntry: Entry<Map<number, string>> | null = null;
  private permissionEntry: Entry<PermissionRow[]> | null = null;
  /** Bumped by every invalidation: a load that saw another value when it started keeps nothing. */
  private generation = 0;
  private bus: EventBus | null = null;
  private busUp = true;
  private unsubscribe: (() => void) | null = null;
  /** Invalidations this instance published, by id: the instances whose answer it still waits for. */
  private readonly waiting = new Map<string, Waiting>();

  private onWarning: (message: string, error?: unknown) => void = () => undefined;

  constructor(
    private readonly db: Db,
    /** How long a refreshed token stays in use (service.ts REFRESH_GRACE_MS unless configured). */
    private readonly refreshGraceMs: number,
    /** The app's clock, which dates refreshes (service.ts); entries' freshness stays on the real time. */
    private readonly clock: Clock = systemClock,
  ) {}

  /** Starts hearing (and sending) invalidations on the bus; until then they stay in this process. */
  connect(bus: EventBus, onWarning: (message: string, error?: unknown) => void): void {
    this.unsubscribe?.();
    this.bus = bus;
    this.onWarning = onWarning;
    this.unsubscribe = bus.subscribe((event) => this.onEvent(event));
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.bus = null;
    for (const waiting of this.waiting.values()) waiting.done();
    this.waiting.clear();
  }

  /** A session's stored state, or null when there is no such session; `reload` skips the copy in memory. */
  async session(sessionId: string, reload = false): Promise<CachedSession | null> {
    const cached = reload ? null : this.fresh(this.sessionEntries.get(sessionId));
    if (cached) return cached;
    const generation = this.generation;
    const row = await q.sessionState(this.db, sessionId);
    if (!row) return null;
    const retiredBefore = new Date(this.clock.now() - this.refreshGraceMs);
    const tokenRows = await q.tokensInUse(this.db, sessionId, retiredBefore);
    const session: CachedSession = { ...row, tokens: new Map(tokenRows.map((token) => [token.jti, token.refreshedAt?.getTime() ?? null])) };
    if (this.keeps(generation)) remember(this.sessionEntries, sessionId, session);
    return session;
  }

  /** What an admin may do (access.ts), or null when the admin does not exist. */
  async access(adminId: number): Promise<AdminAccess | null> {
    const cached = this.fresh(this.accessEntries.get(adminId));
    if (cached) return cached;
    const generation = this.generation;
    const access = await loadAccess(this.db, adminId);
    if (!access) return null;
    if (this.keeps(generation)) remember(this.accessEntries, adminId, access);
    return access;
  }

  /** Every company, id → name, in id order. */
  async companies(): Promise<Map<number, string>> {
    const cached = this.fresh(this.companyEntry ?? undefined);
    if (cached) return cached;
    const generation = this.generation;
    const rows = await q.companyNames(this.db);
    const value = new Map(rows.map((row) => [row.id, row.name]));
    if (this.keeps(generation)) this.companyEntry = { value, loadedAt: Date.now() };
    return value;
  }

  /** The permission tree's rows in menu order (they change only when an instance starts and seeds). */
  async permissionRows(): Promise<PermissionRow[]> {
    const cached = this.fresh(this.permissionEntry ?? undefined);
    if (cached) return cached;
    const generation = this.generation;
    const rows = await q.permissionTree(this.db);
    if (this.keeps(generation)) this.permissionEntry = { value: rows, loadedAt: Date.now() };
    return rows;
  }

  /**
   * Drops what a committed change made stale here, and on every other instance before it resolves
   * (or after APPLIED_TIMEOUT_MS, logged: a silent instance's copies then live at most ENTRY_TTL_MS).
   */
  async invalidate(what: AccessInvalidation): Promise<void> {
    this.apply(what);
    const bus = this.bus;
    if (!bus) return;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      // This instance's listener is down (it answers from the database meanwhile): publish without waiting.
      const instances = new Set(await bus.peers().catch(() => [] as string[]));
      const applied = new Promise<void>((resolve) => {
        if (instances.size === 0) return resolve();
        this.waiting.set(id, { instances, done: resolve });
        timer = setTimeout(() => {
          this.onWarning(`access invalidation ${what.kind}: no answer within ${APPLIED_TIMEOUT_MS} ms from instances ${[...instances].join(', ')}`);
          resolve();
        }, APPLIED_TIMEOUT_MS);
      });
      await bus.publish({ topic: ACCESS_TOPIC, type: ACCESS_INVALIDATE, data: { id, what } satisfies InvalidateMessage });
      await applied;
    } catch (error) {
      this.onWarning(`could not publish access invalidation ${what.kind}`, error);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  private onEvent(event: RealtimeEvent): void {
    if (event.type === BUS_DOWN) {
      this.busUp = false;
      this.apply({ kind: 'all' });
      return;
    }
    if (event.type === BUS_UP) {
      // Events sent while the connection was down are lost: nothing kept from before is trusted.
      this.apply({ kind: 'all' });
      this.busUp = true;
      return;
    }
    if (event.topic !== ACCESS_TOPIC) return;
    if (event.type === ACCESS_INVALIDATE) {
      const message = event.data as InvalidateMessage;
      this.apply(message.what);
      const bus = this.bus;
      if (!bus) return;
      const answer: AppliedMessage = { id: message.id, by: bus.instanceId };
      bus.publish({ topic: ACCESS_TOPIC, type: ACCESS_APPLIED, data: answer }).catch((error: unknown) => this.onWarning('could not answer an access invalidation', error));
      return;
    }
    if (event.type === ACCESS_APPLIED) {
      const message = event.data as AppliedMessage;
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      waiting.instances.delete(message.by);
      if (waiting.instances.size === 0) waiting.done();
    }
  }

  private apply(what: AccessInvalidation): void {
    this.generation += 1;
    switch (what.kind) {
      case 'sessions':
        for (const id of what.sessionIds) this.sessionEntries.delete(id);
        break;
      case 'admins': {
        const ids = new Set(what.adminIds);
        for (const id of ids) this.accessEntries.delete(id);
        for (const [sessionId, entry] of this.sessionEntries) if (ids.has(entry.value.adminId)) this.sessionEntries.delete(sessionId);
        break;
      }
      case 'roles':
        this.accessEntries.clear();
        break;
      case 'companies':
        this.companyEntry = null;
        break;
      case 'all':
        this.sessionEntries.clear();
        this.accessEntries.clear();
        this.companyEntry = null;
        this.permissionEntry = null;
        break;
    }
  }

  private fresh<T>(entry: Entry<T> | undefined): T | null {
    if (!entry || !this.busUp) return null;
    return Date.now() - entry.loadedAt < ENTRY_TTL_MS ? entry.value : null;
  }

  private keeps(generation: number): boolean {
    return this.busUp && generation === this.generation;
  }
}

function remember<K, T>(map: Map<K, Entry<T>>, key: K, value: T): void {
  map.delete(key);
  map.set(key, { value, loadedAt: Date.now() });
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}
