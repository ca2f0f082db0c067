/**
 * The live game on the real-time channel (docs/api-conventions.md): the topics `game:<id>:operator` (admins who
 * may list the game's company's games), `game:<id>:public` (that game's players and displays) and
 * `game:<id>:display` (that game's displays and those admins: the live answer total, without the per-option
 * counts, which the crowd must not see, and never sent to the phones, thousands of them on the public topic), the
 * snapshot a (re)connecting client gets at once, and the coalescing of the chatty events.
 * Answers and joins can come by the thousand per second; their events (answer counts, player count)
 * are coalesced per game and question to at most one every 250 ms per instance, and carry counts read
 * from the database — the truth across instances — not counted in memory.
 * Events travel through app.publish (the bus), so every instance's clients get them.
 */
import type { FastifyInstance } from 'fastify';
import type { RealtimeEvent } from '../../realtime/bus.js';
import type { HubClient } from '../../realtime/hub.js';
import type { Db } from '../../db/client.js';
import { dateOf, type Clock, type ClockTimer } from '../../lib/clock.js';
import * as q from './queries.js';
import { CROWD_GATHER, TurnBatch } from '../../lib/turn-batch.js';
import { displayState, operatorSnapshot } from './flow/state.js';
import { gameTopic, iso, toBothTopics, type PlaySchemas } from './views.js';

export const COALESCE_MS = 250;

const TOPIC = /^game:([1-9][0-9]{0,9}):(operator|public|display)$/;

export type GameAudience = 'operator' | 'public' | 'display';

export function parseGameTopic(topic: string): { gameId: number; audience: GameAudience } | null {
  const match = TOPIC.exec(topic);
  if (!match) return null;
  const gameId = Number(match[1]);
  return gameId <= 2_147_483_647 ? { gameId, audience: match[2] as GameAudience } : null;
}

/** The displays' topic of a game: the live answer total (`server.answerTotal`). */
export const displayTopic = (gameId: number): string => `game:${gameId}:display`;

/** Runs at most one flush per key per interval; what happens meanwhile is in the next flush. */
export class Coalescer {
  private readonly pending = new Map<string, ClockTimer>();

  constructor(
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly clock: Clock,
  ) {}

  schedule(key: string, flush: () => Promise<void>): void {
    if (this.pending.has(key)) return;
    const timer = this.clock.setTimeout(() => {
      this.pending.delete(key);
      flush().catch(this.onError);
    }, this.intervalMs);
    timer.unref();
    this.pending.set(key, timer);
  }

  close(): void {
    for (const timer of this.pending.values()) this.clock.clearTimeout(timer);
    this.pending.clear();
  }
}

/** An admin who may list games of the game's company (super admins: any company). */
async function adminMayWatch(app: FastifyInstance, adminId: number, gameId: number): Promise<boolean> {
  const access = await app.sessions.access(adminId);
  if (!access || access.admin.status !== 1 || !access.permissions.has('triviaGame.list')) return false;
  const game = await q.findGame(app.db, gameId);
  if (!game) return false;
  return access.isSuper || access.companyIds.has(game.companyId);
}

export async function authorizeGameTopic(app: FastifyInstance, client: HubClient, topic: string): Promise<boolean> {
  const parsed = parseGameTopic(topic);
  if (!parsed) return false;
  const { subject } = client;
  if (subject.kind === 'admin') return adminMayWatch(app, subject.id, parsed.gameId);
  if (subject.gameId !== parsed.gameId) return false;
  // Players hear their own game's public topic only; displays its display topic too.
  return parsed.audience === 'public' || (parsed.audience === 'display' && subject.kind === 'display');
}

/** How long a game's public snapshot serves the players subscribing after it while nothing happens in the game. */
export const SNAPSHOT_REUSE_MS = 1_000;

type PublicSnapshot = PlaySchemas['DisplayStateData'];

/**
 * The public snapshot of a game (the display's state) for the players who subscribe to its topic. When
 * a crowd connects, thousands subscribe within seconds, so it is read once for many:
 * - the subscribers of one turn (or of a crowd's gathering, CROWD_GATHER) share a read that starts
 *   after they all subscribed (the hub adds a subscriber before asking for its snapshot);
 * - a read is then reused for those who subscribe later, as long as no event was delivered on the
 *   game's public topic since it was asked for (`hub.topicVersion`) and for at most SNAPSHOT_REUSE_MS.
 *   A change committed before a later subscriber subscribed is either in that read, or its event
 *   comes after the read was asked for: then the version moved and the snapshot is read again, or the
 *   event is delivered after the subscription, to the subscriber. So no subscriber misses a change;
 *   at worst it gets one twice (the snapshot and the event), which clients apply as the same state.
 *   Its `server_time` is the time it is sent.
 */
export function publicSnapshots(app: FastifyInstance): { get(gameId: number): Promise<PublicSnapshot> } {
  const reads = new TurnBatch((gameId: number) => displayState(app.db, gameId, dateOf(app.clock), app.config.publicUrl), CROWD_GATHER);
  const kept = new Map<number, { version: number; askedAt: number; snapshot: Promise<PublicSnapshot> }>();
  return {
    get(gameId) {
      const version = app.hub.topicVersion(gameTopic(gameId, 'public'));
      const now = app.clock.now();
      const last = kept.get(gameId);
      if (last && last.version === version && now - last.askedAt < SNAPSHOT_REUSE_MS) {
        return last.snapshot.then((snapshot) => ({ ...snapshot, server_time: iso(dateOf(app.clock)) }));
      }
      const snapshot = reads.get(gameId);
      const entry = { version, askedAt: now, snapshot };
      // Only the snapshots still young enough to serve are kept (a long-running server sees many games).
      for (const [id, old] of kept) if (now - old.askedAt >= SNAPSHOT_REUSE_MS) kept.delete(id);
      kept.set(gameId, entry);
      // A failed read is not kept; a game that is gone is not kept either (its closing event moved the version).
      snapshot.catch(() => kept.get(gameId) === entry && kept.delete(gameId));
      return snapshot;
    },
  };
}

export async function gameTopicSnapshot(app: FastifyInstance, topic: string): Promise<RealtimeEvent[]> {
  const parsed = parseGameTopic(topic);
  if (!parsed) return [];
  if (parsed.audience === 'operator') return [{ topic, type: 'server.snapshot', data: await operatorSnapshot(app.db, parsed.gameId, dateOf(app.clock)) }];
  if (parsed.audience === 'display') return liveTotalEvents(app.db, parsed.gameId);
  return [{ topic, type: 'server.snapshot', data: await app.live.publicSnapshots.get(parsed.gameId) }];
}

/** The display topic's snapshot: the total of the question live now (none between questions). */
async function liveTotalEvents(db: Db, gameId: number): Promise<RealtimeEvent[]> {
  const live = await q.liveQuestion(db, gameId);
  if (!live?.shownAt || live.status !== 1) return [];
  const { total } = await q.answerCounts(db, live.id);
  return [answerTotalEvent(gameId, live.id, total)];
}

const answerTotalEvent = (gameId: number, questionId: number, total: number): RealtimeEvent => ({
  topic: displayTopic(gameId),
  type: 'server.answerTotal',
  data: { question_id: questionId, total } satisfies PlaySchemas['EventAnswerTotal'],
});

/**
 * The events of a live question's answers, from one read of its counts: `server.answerCount` (per option)
 * for the operators, `server.answerTotal` (the total alone) for the displays. None once it is not live any more.
 */
export async function answerCountEvents(db: Db, gameId: number, questionId: number): Promise<RealtimeEvent[]> {
  const question = await q.questionOfGame(db, gameId, questionId);
  if (!question || question.status !== 1) return [];
  const data: PlaySchemas['EventAnswerCount'] = { question_id: questionId, ...(await q.answerCounts(db, questionId)) };
  return [{ topic: gameTopic(gameId, 'operator'), type: 'server.answerCount', data }, answerTotalEvent(gameId, questionId, data.total)];
}

export async function playerJoinedEvents(db: Db, gameId: number): Promise<RealtimeEvent[]> {
  const data: PlaySchemas['EventPlayerJoined'] = { count: await q.countPlayers(db, gameId) };
  return toBothTopics(gameId, 'server.playerJoined', data);
}

/** What the live game publishes outside a game-flow step: coalesced answer counts and player counts. */
export class LiveEvents {
  readonly coalescer: Coalescer;

  constructor(private readonly app: FastifyInstance) {
    this.coalescer = new Coalescer(COALESCE_MS, (error) => app.log.warn({ err: error }, 'a live event could not be published'), app.clock);
  }

  /**
   * Publishes events of a step that is already committed: a failure to deliver is logged, never turned
   * into an error for the operator (the step happened; clients resynchronise from the snapshot).
   */
  async publishAll(events: RealtimeEvent[]): Promise<void> {
    for (const event of events) {
      await this.app.publish(event).catch((error: unknown) => this.app.log.warn({ err: error, type: event.type }, 'a live event could not be published'));
    }
  }

  answerReceived(gameId: number, questionId: number): void {
    this.coalescer.schedule(`answers:${questionId}`, async () => {
      for (const event of await answerCountEvents(this.app.db, gameId, questionId)) await this.app.publish(event);
    });
  }

  playerJoined(gameId: number): void {
    this.coalescer.schedule(`players:${gameId}`, async () => this.publishAll(await playerJoinedEvents(this.app.db, gameId)));
  }

  close(): void {
    this.coalescer.close();
  }
}
