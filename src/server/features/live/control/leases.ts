/**
 * The control leases of this instance's screens (the rules: lease.ts): their presence, from the
 * subscriptions of their topics `game:<id>:screen:<screen_id>`, the timers of the timeout rule, and
 * the admin API's actions (POST /triviaGame/control). Each change is decided under the game's row
 * lock, then published as `server.control` on the operator topic, with the server's own audit entries
 * (a take on opening, a grant by timeout, a lapse). The heartbeat and the sweep for dead instances
 * are heartbeat.ts's.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dateOf, type ClockTimer } from '../../../lib/clock.js';
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import type { MessageKey } from '../../../i18n.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import type { HubClient } from '../../../realtime/hub.js';
import { insertEntry } from '../../audit/queries.js';
import * as q from '../queries.js';
import { ControlHeartbeat, type HeartbeatOwner } from './heartbeat.js';
import {
  controlEvent,
  HANDOVER_AFTER_MS,
  parseScreenTopic,
  readControl,
  settle,
  stateOf,
  type ControlAction,
  type ControlOutcome,
  type ControlState,
  type MayControl,
  type ServerAudit,
} from './lease.js';

/**
 * The control leases of this instance's screens: presence from their topics' subscriptions, the
 * timers of the timeout rule, and the actions of the admin API (POST /triviaGame/control).
 */
export class ControlLeases implements HeartbeatOwner {
  /** The connection id of each screen subscription of this instance's clients. */
  private readonly connections = new WeakMap<HubClient, Map<string, string>>();
  private readonly timers = new Set<ClockTimer>();
  private closed = false;
  /** This instance's id in server_instances and in the presence rows of its screens. */
  readonly instanceId = randomUUID();
  /** The screen subscriptions of this instance's clients, to announce again if others took this instance for dead. */
  private readonly present = new Map<string, { client: HubClient; topic: string }>();
  private readonly heartbeat: ControlHeartbeat;

  constructor(private readonly app: FastifyInstance) {
    this.heartbeat = new ControlHeartbeat(app, this.instanceId, this);
  }

  /** Starts the heartbeat (the app is ready). */
  async start(): Promise<void> {
    await this.heartbeat.start();
  }

  /** Resolves once the heartbeat's beat under way, if any, is over (a test waits for the beat its clock started). */
  async beatSettled(): Promise<void> {
    await this.heartbeat.settled();
  }

  /** Writes this instance's heartbeat, then marks gone the screens of instances found dead (heartbeat.ts). */
  async beat(): Promise<void> {
    await this.heartbeat.beat();
  }

  /** Every screen still listening here is present again: another instance took this one for dead and marked them gone. */
  async announceAgain(): Promise<void> {
    const screens = [...this.present.values()];
    this.present.clear();
    for (const { client, topic } of screens) {
      if (this.closed) return;
      const events = await this.arrived(client, topic);
      await this.app.live.events.publishAll(events);
    }
  }

  /** Under the game's lock: its screens present through a dead instance are gone, as their sockets' close would have made them. */
  async markGone(gameId: number, lastAlive: Map<string, Date>, now: Date): Promise<void> {
    const result = await this.app.db.transaction(async (tx) => {
      const game = await q.findGame(tx, gameId);
      if (!game || !(await q.lockGame(tx, game.companyId, game.id))) return null;
      const rows = await q.gameScreensPresentElsewhere(tx, game.id, this.instanceId);
      const living = await q.livingInstances(tx, [...new Set(rows.flatMap((row) => (row.instanceId === null ? [] : [row.instanceId])))]);
      const goneNow = (instanceId: string | null) => instanceId === null || !living.has(instanceId);
      let holderGoneAt: Date | null = null;
      let changed = false;
      for (const row of rows) {
        const goneAt = goneNow(row.instanceId) ? now : row.instanceId === null ? undefined : lastAlive.get(row.instanceId);
        if (!goneAt) continue;
        changed = true;
        if (row.holds) {
          await q.markControlScreenGone(tx, row.screenId, goneAt);
          holderGoneAt = goneAt;
        } else {
          await q.deleteControlScreen(tx, row.screenId);
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
    const row = await q.controlScreenById(this.app.db, parsed.screenId);
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
      await q.markControlScreenPresent(tx, { screenId: parsed.screenId, gameId: game.id, adminId, connection, instanceId: this.instanceId, now });
      let rows = await q.controlScreensOf(tx, game.id);
      if (await settle(tx, rows, now, audits, this.mayControl)) rows = await q.controlScreensOf(tx, game.id);
      const me = rows.find((row) => row.screenId === parsed.screenId);
      if (me && mayControl && !rows.some((row) => row.holds)) {
        await q.grantControl(tx, me.screenId, now);
        audits.push({ adminId, username: me.username, summary: `take: ${me.adminName}'s screen opened, nobody held control` });
        rows = await q.controlScreensOf(tx, game.id);
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
      const row = await q.controlScreenOfConnection(tx, parsed.screenId, connection);
      if (!row) return null;
      if (row.holds) await q.markControlScreenGone(tx, row.screenId, now);
      else await q.deleteControlScreen(tx, row.screenId);
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
      if (!(await settle(tx, await q.controlScreensOf(tx, game.id), now, audits, this.mayControl))) return null;
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
      let rows = await q.controlScreensOf(tx, game.id);
      if (await settle(tx, rows, now, audits, this.mayControl)) rows = await q.controlScreensOf(tx, game.id);
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
            if (asking && asking !== me) await q.setControlRequest(tx, asking.screenId, null);
            await q.grantControl(tx, me.screenId, now);
            messageKey = 'live.control.granted';
            summary = 'take: nobody held control';
            break;
          }
          if (asking && asking !== me) throw businessError('live.control.requestPending', { name: asking.adminName });
          await q.setControlRequest(tx, me.screenId, now);
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
            await q.giveUpControl(tx, me.screenId);
            await q.grantControl(tx, asking.screenId, now);
            messageKey = 'live.control.accepted';
            summary = `accept: to ${asking.adminName}`;
          } else {
            await q.setControlRequest(tx, asking.screenId, null);
            messageKey = 'live.control.declined';
            summary = `decline: ${asking.adminName}'s request`;
          }
          break;
        case 'release':
          if (holder !== me) throw businessError('live.control.notHolding');
          await q.giveUpControl(tx, me.screenId);
          if (asking) await q.grantControl(tx, asking.screenId, now);
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
    this.present.clear();
    await this.heartbeat.close();
  }
}

