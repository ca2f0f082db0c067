/**
 * The control lease's heartbeat (lease.ts, "A crashed instance"): this instance writes its heartbeat
 * (server_instances) every HEARTBEAT_EVERY_MS and, on each beat, sweeps for instances found dead —
 * a heartbeat older than INSTANCE_STALE_AFTER_MS that has not moved over DEAD_AFTER_SWEEPS sweeps in
 * a row — whose screens are then gone as of that last heartbeat (the owner, leases.ts, marks them
 * under each game's lock). An instance another took for dead writes its row again and announces its
 * screens again. Runs on the app's clock; writes nothing when closed (a closed instance is a crashed one).
 */
import type { FastifyInstance } from 'fastify';
import { dateOf, type ClockTimer } from '../../../lib/clock.js';
import * as q from '../queries.js';
import { DEAD_AFTER_SWEEPS, HEARTBEAT_EVERY_MS, INSTANCE_STALE_AFTER_MS } from './lease.js';

/** What the heartbeat asks of the leases of this instance's screens. */
export interface HeartbeatOwner {
  /** Every screen still listening here is present again (others took this instance for dead). */
  announceAgain(): Promise<void>;
  /** Under the game's lock: its screens present through a dead instance (`lastAlive`: its last heartbeat) are gone. */
  markGone(gameId: number, lastAlive: Map<string, Date>, now: Date): Promise<void>;
}

export class ControlHeartbeat {
  private closed = false;
  /** Other instances' heartbeats as this instance's sweeps saw them: the time and how many sweeps in a row. */
  private readonly seen = new Map<string, { heartbeatMs: number; sweeps: number }>();
  private timer: ClockTimer | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    /** This instance's id in server_instances and in the presence rows of its screens. */
    readonly instanceId: string,
    private readonly owner: HeartbeatOwner,
  ) {}

  /** This instance's row, then a beat and a sweep every HEARTBEAT_EVERY_MS. */
  async start(): Promise<void> {
    await q.insertInstance(this.app.db, this.instanceId, dateOf(this.app.clock));
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = this.app.clock.setTimeout(() => {
      this.schedule();
      // One beat at a time: a beat still running (a slow database) lets this one pass.
      if (this.beating) return;
      this.beating = this.beat()
        .catch((error: unknown) => this.app.log.warn({ err: error }, 'the control heartbeat failed'))
        .finally(() => (this.beating = null));
    }, HEARTBEAT_EVERY_MS);
    this.timer.unref();
  }

  /** Resolves once the beat under way, if any, is over (a test waits for the beat its clock started). */
  async settled(): Promise<void> {
    await this.beating;
  }

  /** Writes this instance's heartbeat, then marks gone the screens of instances found dead. */
  async beat(): Promise<void> {
    if (this.closed) return;
    const now = dateOf(this.app.clock);
    if (!(await q.beatInstance(this.app.db, this.instanceId, now))) {
      // Another instance took this one for dead (its heartbeat stalled) and marked its screens gone.
      await q.insertInstance(this.app.db, this.instanceId, now, true);
      if (this.closed) return;
      await this.owner.announceAgain();
    }
    if (this.closed) return;
    await this.sweep(now);
  }

  /**
   * The screens of dead instances are gone (a holder's lease runs out HANDOVER_AFTER_MS after the
   * instance's last heartbeat; a watcher is forgotten), and the dead instances' rows are removed.
   */
  private async sweep(now: Date): Promise<void> {
    // The screens first: an instance's row is written before any screen is present through it.
    const screens = await q.screensPresentElsewhere(this.app.db, this.instanceId);
    const instances = await q.otherInstances(this.app.db, this.instanceId);
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
      await this.owner.markGone(gameId, lastAlive, now);
    }
    if (lastAlive.size > 0 && !this.closed) {
      await q.deleteInstances(this.app.db, [...lastAlive.keys()]);
      for (const id of lastAlive.keys()) this.seen.delete(id);
    }
  }

  /** Stops the heartbeat, writing nothing, once the beat under way is over. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) this.app.clock.clearTimeout(this.timer);
    await this.beating;
  }
}
