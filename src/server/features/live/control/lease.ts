/**
 * Co-hosting a live game (docs/game-rules.md, "Co-hosting and handover"): several control screens
 * may be open on one game; exactly one holds control — the control lease, a row of control_screens
 * with `holds` (one per game, by a partial unique index) — and the server takes game-flow steps from
 * that screen only (requireControl, called by flow.ts under the game's row lock).
 *
 * Presence: a control screen is present while its WebSocket listens to its own topic
 * `game:<id>:screen:<screen_id>` (the realtime client subscribes again after a reconnect, so a screen
 * that reconnects, to any instance, is present again under the same id). Each subscription gets a
 * connection id of its own: the instance that loses the socket marks the screen gone only if that
 * subscription is still the screen's current one (a late close of an old socket changes nothing).
 *
 * The rules, all in the database (valid across instances) and decided under the game's row lock:
 * - the first screen present takes control when nobody holds it (an admin with triviaGame.control);
 * - a watcher `request`s control: granted at once when nobody holds it; else pending until the
 *   holder `accept`s or `decline`s — or until the holder's connection has been lost for
 *   HANDOVER_AFTER_MS, when the server grants it (`settle`); a holder gone that long with nobody
 *   asking passes control to the screen present longest (of an admin with triviaGame.control), or,
 *   with none, to the next screen that opens or asks;
 * - the holder may `release` control (to the screen asking for it, if any);
 * - a watcher that leaves is forgotten (its request with it); a holder that leaves keeps the lease
 *   for HANDOVER_AFTER_MS, so a reload or a network blip resumes it;
 * - a step sent by no screen (a script, an API client) is refused while a present screen holds control.
 *
 * A crashed instance: each instance writes its heartbeat (server_instances) every HEARTBEAT_EVERY_MS
 * and each presence row names the instance it is present through. Every instance sweeps on its
 * heartbeat: the screens of an instance whose heartbeat is older than INSTANCE_STALE_AFTER_MS (and
 * has not moved over DEAD_AFTER_SWEEPS sweeps in a row) are gone as of that last heartbeat — a
 * holder's lease then runs out HANDOVER_AFTER_MS after it, exactly as if its socket had closed.
 * The heartbeats and sweeps run on the app's clock (a test drives them).
 * Every change is published as `server.control` on the operator topic; every change of holder or
 * request is in the audit trail (operation triviaGameControl: the admin API's own entries, and the
 * server's for a take on opening, a grant by timeout and a lapse).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, ne, or, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { components } from '@openapi/admin-api';
import { admins, controlScreens, serverInstances } from '../../../db/schema.js';
import { dateOf, type ClockTimer } from '../../../lib/clock.js';
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import type { MessageKey } from '../../../i18n.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import type { HubClient } from '../../../realtime/hub.js';
import { insertEntry } from '../../audit/queries.js';
import * as q from '../queries.js';
import { gameTopic, isoOrNull } from '../views.js';

export type ControlState = components['schemas']['ControlState'];
export type ControlAction = components['schemas']['TriviaGameControlRequest']['action'];

/** How long a holder's connection may be lost before control passes on (the screen asking for it, or anyone who asks next). */
export const HANDOVER_AFTER_MS = 5_000;
/** How often an instance writes its heartbeat and sweeps for the screens of dead instances. */
export const HEARTBEAT_EVERY_MS = 1_000;
/** An instance whose heartbeat is this old (and has not moved over DEAD_AFTER_SWEEPS sweeps) is dead. */
export const INSTANCE_STALE_AFTER_MS = 3_000;
/**
 * Sweeps in a row that must see the same old heartbeat: a heartbeat is judged by what this instance
 * saw happen, not by one read that may have raced the other instance's write.
 */
export const DEAD_AFTER_SWEEPS = 3;

const SCREEN_TOPIC = /^game:([1-9][0-9]{0,9}):screen:([A-Za-z0-9_-]{8,64})$/;

/** `game:<id>:screen:<screen_id>`, parsed (null for any other topic). */
export function parseScreenTopic(topic: string): { gameId: number; screenId: string } | null {
  const match = SCREEN_TOPIC.exec(topic);
  if (!match) return null;
  const gameId = Number(match[1]);
  return gameId <= 2_147_483_647 ? { gameId, screenId: match[2]! } : null;
}

type ScreenRow = typeof controlScreens.$inferSelect & { adminName: string; username: string };

/** An audit entry the server writes itself (nobody's request did it). */
interface ServerAudit {
  adminId: number;
  username: string;
  summary: string;
}

async function screensOf(db: q.Queryable, gameId: number): Promise<ScreenRow[]> {
  const rows = await db
    .select({ screen: controlScreens, adminName: admins.name, username: admins.username })
    .from(controlScreens)
    .innerJoin(admins, eq(admins.id, controlScreens.adminId))
    .where(eq(controlScreens.triviaGameId, gameId))
    .orderBy(asc(controlScreens.openedAt), asc(controlScreens.screenId));
  return rows.map((row) => ({ ...row.screen, adminName: row.adminName || row.username, username: row.username }));
}

function stateOf(gameId: number, rows: ScreenRow[]): ControlState {
  const screen = (row: ScreenRow) => ({
    screen_id: row.screenId,
    admin_id: row.adminId,
    admin_name: row.adminName,
    connected: row.connection !== null,
    gone_at: isoOrNull(row.goneAt),
  });
  const holder = rows.find((row) => row.holds);
  const asking = rows.find((row) => row.requestedAt !== null);
  return {
    trivia_game_id: gameId,
    holder: holder ? screen(holder) : null,
    request: asking ? screen(asking) : null,
    screens: rows.map(screen),
    handover_after_ms: HANDOVER_AFTER_MS,
  };
}

export async function readControl(db: q.Queryable, gameId: number): Promise<ControlState> {
  return stateOf(gameId, await screensOf(db, gameId));
}

export const controlEvent = (state: ControlState, topic = gameTopic(state.trivia_game_id, 'operator')): RealtimeEvent => ({
  topic,
  type: 'server.control',
  data: state,
});

/** Whether the holder's connection has been lost for HANDOVER_AFTER_MS or more. */
const goneTooLong = (row: ScreenRow, now: Date) => row.goneAt !== null && now.getTime() - row.goneAt.getTime() >= HANDOVER_AFTER_MS;

async function grant(db: q.Queryable, screenId: string, now: Date): Promise<void> {
  await db.update(controlScreens).set({ holds: true, heldSince: now, requestedAt: null }).where(eq(controlScreens.screenId, screenId));
}

async function giveUp(db: q.Queryable, screenId: string): Promise<void> {
  await db.update(controlScreens).set({ holds: false, heldSince: null }).where(eq(controlScreens.screenId, screenId));
}

/** Whether an admin may hold control (triviaGame.control). */
type MayControl = (adminId: number) => Promise<boolean>;

/**
 * The timeout rule, under the game's lock: a holder gone for HANDOVER_AFTER_MS is forgotten, and
 * control goes to the connected screen asking for it, else to the connected screen present longest
 * whose admin may control. Returns whether anything changed.
 */
async function settle(db: q.Queryable, rows: ScreenRow[], now: Date, audits: ServerAudit[], mayControl: MayControl): Promise<boolean> {
  const holder = rows.find((row) => row.holds);
  if (!holder || !goneTooLong(holder, now)) return false;
  await db.delete(controlScreens).where(eq(controlScreens.screenId, holder.screenId));
  const gone = `${holder.adminName} (screen gone ${HANDOVER_AFTER_MS / 1000} s)`;
  const asking = rows.find((row) => row.requestedAt !== null && row.connection !== null);
  if (asking) {
    await grant(db, asking.screenId, now);
    audits.push({ adminId: asking.adminId, username: asking.username, summary: `grant by timeout: from ${gone} to ${asking.adminName}` });
    return true;
  }
  for (const row of rows) {
    if (row === holder || row.connection === null || !(await mayControl(row.adminId))) continue;
    await grant(db, row.screenId, now);
    audits.push({ adminId: row.adminId, username: row.username, summary: `grant by timeout: from ${gone} to ${row.adminName}, present longest` });
    return true;
  }
  audits.push({ adminId: holder.adminId, username: holder.username, summary: `lapse: ${gone}, no other screen` });
  return true;
}

/**
 * The step's control check (flow.ts, under the game's row lock): a step sent by a control screen
 * (with its screen id, as the control screen always sends it) is taken only from the screen holding
 * control, and only for that screen's admin. A step sent by no screen — a script or another client
 * of the API — is refused while a present (connected) screen holds control, with the same message;
 * with no screen present it is taken (the permission triviaGame.control still applies). The server's
 * own deadline step is not checked here (it has no caller). `notHolder`: the refusal naming the
 * holder (a reset says what it refuses in its own words, live/reset.ts).
 */
export async function requireControl(
  db: q.Queryable,
  gameId: number,
  screenId: string | null,
  adminId: number,
  now: Date,
  notHolder: MessageKey = 'live.control.notHolder',
): Promise<void> {
  const rows = await screensOf(db, gameId);
  if (screenId === null) {
    const present = rows.find((row) => row.holds && row.connection !== null);
    if (present) throw businessError(notHolder, { name: present.adminName });
    return;
  }
  const holder = rows.find((row) => row.holds && !goneTooLong(row, now));
  if (!holder) throw businessError('live.control.notHolding');
  if (holder.screenId !== screenId || holder.adminId !== adminId) throw businessError(notHolder, { name: holder.adminName });
}

export interface ControlOutcome {
  state: ControlState;
  messageKey: MessageKey;
  /** What the audit trail says the action did. */
  summary: string;
}

/**
 * The control leases of this instance's screens: presence from their topics' subscriptions, the
 * timers of the timeout rule, and the actions of the admin API (POST /triviaGame/control).
 */
export class ControlLeases {
  /** The connection id of each screen subscription of this instance's clients. */
  private readonly connections = new WeakMap<HubClient, Map<string, string>>();
  private readonly timers = new Set<ClockTimer>();
  private closed = false;
  /** This instance's id in server_instances and in the presence rows of its screens. */
  readonly instanceId = randomUUID();
  /** The screen subscriptions of this instance's clients, to announce again if others took this instance for dead. */
  private readonly present = new Map<string, { client: HubClient; topic: string }>();
  /** Other instances' heartbeats as this instance's sweeps saw them: the time and how many sweeps in a row. */
  private readonly seen = new Map<string, { heartbeatMs: number; sweeps: number }>();
  private heartbeatTimer: ClockTimer | null = null;
  private beating: Promise<void> | null = null;

  constructor(private readonly app: FastifyInstance) {}

  /** Starts the heartbeat (the app is ready): this instance's row, then a beat and a sweep every HEARTBEAT_EVERY_MS. */
  async start(): Promise<void> {
    const now = dateOf(this.app.clock);
    await this.app.db.insert(serverInstances).values({ id: this.instanceId, startedAt: now, heartbeatAt: now });
    this.scheduleBeat();
  }

  private scheduleBeat(): void {
    if (this.closed) return;
    this.heartbeatTimer = this.app.clock.setTimeout(() => {
      this.scheduleBeat();
      // One beat at a time: a beat still running (a slow database) lets this one pass.
      if (this.beating) return;
      this.beating = this.beat()
        .catch((error: unknown) => this.app.log.warn({ err: error }, 'the control heartbeat failed'))
        .finally(() => (this.beating = null));
    }, HEARTBEAT_EVERY_MS);
    this.heartbeatTimer.unref();
  }

  /** Resolves once the beat under way, if any, is over (a test waits for the beat its clock started). */
  async beatSettled(): Promise<void> {
    await this.beating;
  }

  /** Writes this instance's heartbeat, then marks gone the screens of instances found dead. */
  async beat(): Promise<void> {
    if (this.closed) return;
    const now = dateOf(this.app.clock);
    const mine = await this.app.db.update(serverInstances).set({ heartbeatAt: now }).where(eq(serverInstances.id, this.instanceId)).returning({ id: serverInstances.id });
    if (mine.length === 0) await this.revive(now);
    if (this.closed) return;
    await this.sweep(now);
  }

  /**
   * Another instance took this one for dead (its heartbeat stalled longer than INSTANCE_STALE_AFTER_MS)
   * and marked its screens gone: the row again, and every screen still listening here present again.
   */
  private async revive(now: Date): Promise<void> {
    await this.app.db.insert(serverInstances).values({ id: this.instanceId, startedAt: now, heartbeatAt: now }).onConflictDoNothing();
    const screens = [...this.present.values()];
    this.present.clear();
    for (const { client, topic } of screens) {
      if (this.closed) return;
      const events = await this.arrived(client, topic);
      await this.app.live.events.publishAll(events);
    }
  }

  /**
   * The screens of dead instances are gone (a holder's lease runs out HANDOVER_AFTER_MS after the
   * instance's last heartbeat; a watcher is forgotten), and the dead instances' rows are removed.
   */
  private async sweep(now: Date): Promise<void> {
    // The screens first: an instance's row is written before any screen is present through it.
    const screens = await this.app.db
      .selectDistinct({ gameId: controlScreens.triviaGameId, instanceId: controlScreens.instanceId })
      .from(controlScreens)
      .where(and(isNotNull(controlScreens.connection), or(isNull(controlScreens.instanceId), ne(controlScreens.instanceId, this.instanceId))));
    const instances = await this.app.db.select().from(serverInstances).where(ne(serverInstances.id, this.instanceId));
    const lastAlive = new Map<string, Date>();
    const known = new Set<string>();
    for (const instance of instances) {
      known.add(instance.id);
      const heartbeatMs = instance.heartbeatAt.getTime();
      const before = this.seen.get(instance.id);
      const sweeps = before?.heartbeatMs === heartbeatMs ? before.sweeps + 1 : 1;
      this.seen.set(instance.id, { heartbeatMs, sweeps });
      if (now.getTime() - heartbeatMs >= INSTANCE_STALE_AFTER_MS && sweeps >= DEAD_AFTER_SWEEPS) lastAlive.set(instance.id, instance.heartbeatAt);
    }
    for (const id of this.seen.keys()) if (!known.has(id)) this.seen.delete(id);
    // A screen of an instance with no row (gone already, or from before instances had heartbeats) is gone now.
    const goneNow = (instanceId: string | null) => instanceId === null || !known.has(instanceId);
    const games = new Set<number>();
    for (const screen of screens) if (goneNow(screen.instanceId) || lastAlive.has(screen.instanceId!)) games.add(screen.gameId);
    for (const gameId of games) {
      if (this.closed) return;
      await this.markGone(gameId, lastAlive, now);
    }
    if (lastAlive.size > 0 && !this.closed) {
      await this.app.db.delete(serverInstances).where(inArray(serverInstances.id, [...lastAlive.keys()]));
      for (const id of lastAlive.keys()) this.seen.delete(id);
    }
  }

  /** Under the game's lock: its screens present through a dead instance are gone, as their sockets' close would have made them. */
  private async markGone(gameId: number, lastAlive: Map<string, Date>, now: Date): Promise<void> {
    const result = await this.app.db.transaction(async (tx) => {
      const game = await q.findGame(tx, gameId);
      if (!game || !(await q.lockGame(tx, game.companyId, game.id))) return null;
      const rows = await tx
        .select()
        .from(controlScreens)
        .where(and(eq(controlScreens.triviaGameId, game.id), isNotNull(controlScreens.connection), or(isNull(controlScreens.instanceId), ne(controlScreens.instanceId, this.instanceId))));
      const ids = [...new Set(rows.flatMap((row) => (row.instanceId === null ? [] : [row.instanceId])))];
      const living = new Set(ids.length ? (await tx.select({ id: serverInstances.id }).from(serverInstances).where(inArray(serverInstances.id, ids))).map((i) => i.id) : []);
      const goneNow = (instanceId: string | null) => instanceId === null || !living.has(instanceId);
      let holderGoneAt: Date | null = null;
      let changed = false;
      for (const row of rows) {
        const goneAt = goneNow(row.instanceId) ? now : row.instanceId === null ? undefined : lastAlive.get(row.instanceId);
        if (!goneAt) continue;
        changed = true;
        if (row.holds) {
          await tx.update(controlScreens).set({ connection: null, goneAt, instanceId: null }).where(eq(controlScreens.screenId, row.screenId));
          holderGoneAt = goneAt;
        } else {
          await tx.delete(controlScreens).where(eq(controlScreens.screenId, row.screenId));
        }
      }
      return changed ? { game, state: await readControl(tx, game.id), holderGoneAt } : null;
    });
    if (!result) return;
    if (result.holderGoneAt) this.settleLater(gameId, result.holderGoneAt.getTime() + HANDOVER_AFTER_MS - now.getTime());
    await this.finish(result.game, result.state, []);
  }

  private readonly mayControl: MayControl = async (adminId) => {
    const access = await this.app.sessions.access(adminId);
    return !!access && access.admin.status === 1 && access.permissions.has('triviaGame.control');
  };

  /** An admin who may list the game's company's games may open its control screen (watch it). */
  async authorize(client: HubClient, topic: string): Promise<boolean> {
    const parsed = parseScreenTopic(topic);
    if (!parsed || client.subject.kind !== 'admin') return false;
    const access = await this.app.sessions.access(client.subject.id);
    if (!access || access.admin.status !== 1 || !access.permissions.has('triviaGame.list')) return false;
    const game = await q.findGame(this.app.db, parsed.gameId);
    if (!game || !(access.isSuper || access.companyIds.has(game.companyId))) return false;
    // A screen id is its screen's own: another admin's (or another game's) is refused.
    const [row] = await this.app.db.select().from(controlScreens).where(eq(controlScreens.screenId, parsed.screenId));
    return !row || (row.adminId === client.subject.id && row.triviaGameId === parsed.gameId);
  }

  /**
   * A screen subscribed (its snapshot is asked for): present from now on, and the holder if nobody
   * holds control. Everyone watching the game hears of it; the screen gets the state on its topic.
   */
  async arrived(client: HubClient, topic: string): Promise<RealtimeEvent[]> {
    const parsed = parseScreenTopic(topic);
    if (!parsed || client.subject.kind !== 'admin') return [];
    const adminId = client.subject.id;
    const connection = randomUUID();
    let byClient = this.connections.get(client);
    if (!byClient) this.connections.set(client, (byClient = new Map()));
    const previous = byClient.get(topic);
    if (previous) this.present.delete(previous);
    byClient.set(topic, connection);
    this.present.set(connection, { client, topic });
    const mayControl = await this.mayControl(adminId);
    const now = dateOf(this.app.clock);
    const audits: ServerAudit[] = [];
    const result = await this.app.db.transaction(async (tx) => {
      const game = await q.findGame(tx, parsed.gameId);
      if (!game || !(await q.lockGame(tx, game.companyId, game.id))) return null;
      await tx
        .insert(controlScreens)
        .values({ screenId: parsed.screenId, triviaGameId: game.id, adminId, connection, instanceId: this.instanceId, openedAt: now })
        .onConflictDoUpdate({ target: controlScreens.screenId, set: { connection, instanceId: this.instanceId, goneAt: null }, where: eq(controlScreens.adminId, adminId) });
      let rows = await screensOf(tx, game.id);
      if (await settle(tx, rows, now, audits, this.mayControl)) rows = await screensOf(tx, game.id);
      const me = rows.find((row) => row.screenId === parsed.screenId);
      if (me && mayControl && !rows.some((row) => row.holds)) {
        await grant(tx, me.screenId, now);
        audits.push({ adminId, username: me.username, summary: `take: ${me.adminName}'s screen opened, nobody held control` });
        rows = await screensOf(tx, game.id);
      }
      return { game, state: stateOf(game.id, rows) };
    });
    if (!result) return [];
    await this.finish(result.game, result.state, audits);
    return [controlEvent(result.state, topic)];
  }

  /** A screen's subscription ended (unsubscribed, or its socket closed). */
  async left(client: HubClient, topic: string): Promise<void> {
    const parsed = parseScreenTopic(topic);
    const connection = this.connections.get(client)?.get(topic);
    if (!parsed || !connection || this.closed) return;
    this.connections.get(client)?.delete(topic);
    this.present.delete(connection);
    const now = dateOf(this.app.clock);
    const result = await this.app.db.transaction(async (tx) => {
      const game = await q.findGame(tx, parsed.gameId);
      if (!game || !(await q.lockGame(tx, game.companyId, game.id))) return null;
      const [row] = await tx
        .select()
        .from(controlScreens)
        .where(and(eq(controlScreens.screenId, parsed.screenId), eq(controlScreens.connection, connection)));
      if (!row) return null;
      if (row.holds) {
        await tx.update(controlScreens).set({ connection: null, goneAt: now, instanceId: null }).where(eq(controlScreens.screenId, row.screenId));
      } else {
        await tx.delete(controlScreens).where(eq(controlScreens.screenId, row.screenId));
      }
      return { game, state: await readControl(tx, game.id), holderGone: row.holds };
    });
    if (!result) return;
    if (result.holderGone) this.settleLater(result.game.id, HANDOVER_AFTER_MS);
    await this.finish(result.game, result.state, []);
  }

  /** Applies the timeout rule to a game once `ms` have passed on the app's clock. */
  settleLater(gameId: number, ms: number): void {
    if (this.closed) return;
    const timer = this.app.clock.setTimeout(() => {
      this.timers.delete(timer);
      this.settleNow(gameId).catch((error: unknown) => this.app.log.warn({ err: error, gameId }, 'control handover by timeout failed'));
    }, Math.max(0, ms));
    timer.unref();
    this.timers.add(timer);
  }

  async settleNow(gameId: number): Promise<void> {
    if (this.closed) return;
    const now = dateOf(this.app.clock);
    const audits: ServerAudit[] = [];
    const result = await this.app.db.transaction(async (tx) => {
      const game = await q.findGame(tx, gameId);
      if (!game || !(await q.lockGame(tx, game.companyId, game.id))) return null;
      if (!(await settle(tx, await screensOf(tx, game.id), now, audits, this.mayControl))) return null;
      return { game, state: await readControl(tx, game.id) };
    });
    if (result) await this.finish(result.game, result.state, audits);
  }

  /** POST /triviaGame/control: request, accept, decline or release, by `adminId`'s screen. */
  async act(companyId: number, adminId: number, input: { trivia_game_id: number; screen_id: string; action: ControlAction }): Promise<ControlOutcome> {
    const now = dateOf(this.app.clock);
    const audits: ServerAudit[] = [];
    const result = await this.app.db.transaction(async (tx) => {
      const game = await q.lockGame(tx, companyId, input.trivia_game_id);
      if (!game) throw recordNotFound();
      let rows = await screensOf(tx, game.id);
      if (await settle(tx, rows, now, audits, this.mayControl)) rows = await screensOf(tx, game.id);
      const me = rows.find((row) => row.screenId === input.screen_id);
      if (!me || me.adminId !== adminId || me.connection === null) throw businessError('live.control.screenUnknown');
      const holder = rows.find((row) => row.holds);
      const asking = rows.find((row) => row.requestedAt !== null);
      let messageKey: MessageKey;
      let summary: string;
      let settleIn: number | null = null;
      switch (input.action) {
        case 'request':
          if (holder === me) throw businessError('live.control.alreadyHolding');
          if (!holder) {
            if (asking && asking !== me) await tx.update(controlScreens).set({ requestedAt: null }).where(eq(controlScreens.screenId, asking.screenId));
            await grant(tx, me.screenId, now);
            messageKey = 'live.control.granted';
            summary = 'take: nobody held control';
            break;
          }
          if (asking && asking !== me) throw businessError('live.control.requestPending', { name: asking.adminName });
          await tx.update(controlScreens).set({ requestedAt: now }).where(eq(controlScreens.screenId, me.screenId));
          messageKey = 'live.control.requested';
          summary = `request: from ${holder.adminName}`;
          // The holder is gone already: granted when its time is up, whichever instance lost it.
          if (holder.goneAt) settleIn = holder.goneAt.getTime() + HANDOVER_AFTER_MS - now.getTime();
          break;
        case 'accept':
        case 'decline':
          if (holder !== me) throw businessError('live.control.notHolding');
          if (!asking) throw businessError('live.control.noRequest');
          if (input.action === 'accept') {
            await giveUp(tx, me.screenId);
            await grant(tx, asking.screenId, now);
            messageKey = 'live.control.accepted';
            summary = `accept: to ${asking.adminName}`;
          } else {
            await tx.update(controlScreens).set({ requestedAt: null }).where(eq(controlScreens.screenId, asking.screenId));
            messageKey = 'live.control.declined';
            summary = `decline: ${asking.adminName}'s request`;
          }
          break;
        case 'release':
          if (holder !== me) throw businessError('live.control.notHolding');
          await giveUp(tx, me.screenId);
          if (asking) await grant(tx, asking.screenId, now);
          messageKey = 'live.control.released';
          summary = asking ? `release: to ${asking.adminName}` : 'release: nobody holds control';
          break;
      }
      return { game, state: await readControl(tx, game.id), messageKey, summary, settleIn };
    });
    if (result.settleIn !== null) this.settleLater(result.game.id, result.settleIn);
    await this.finish(result.game, result.state, audits);
    return { state: result.state, messageKey: result.messageKey, summary: result.summary };
  }

  /** After the commit: the server's own audit entries, then the new state to everyone watching. */
  private async finish(game: q.GameRow, state: ControlState, audits: ServerAudit[]): Promise<void> {
    for (const audit of audits) {
      await insertEntry(
        this.app.db,
        {
          ...audit,
          companyId: game.companyId,
          operation: 'triviaGameControl',
          targetType: 'triviaGame',
          targetId: String(game.id),
          ip: '',
          userAgent: '',
        },
        'success',
        200,
      ).catch((error: unknown) => this.app.log.warn({ err: error }, 'a control audit entry could not be written'));
    }
    await this.app.live.events.publishAll([controlEvent(state)]);
  }

  /**
   * Stops the timers and the heartbeat, writing nothing: to the other instances a closed instance is a
   * crashed one (its screens are gone once its heartbeat is old), so a test of a crash closes it.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) this.app.clock.clearTimeout(timer);
    this.timers.clear();
    if (this.heartbeatTimer) this.app.clock.clearTimeout(this.heartbeatTimer);
    this.present.clear();
    await this.beating;
  }
}

