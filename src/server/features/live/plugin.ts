/**
 * The live game's share of the server: who calls the player/display API (a player token or a display
 * token, as each operation's x-permission says), the `game:<id>:…` topics of the real-time channel,
 * and the coalesced events. Registered before the contract routes, after the realtime plugin.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, forbidden, ResponseCode } from '../../lib/envelope.js';
import { bearerToken } from '../access/tokens.js';
import * as q from './queries.js';
import { DeadlineWatch } from './flow/deadline-watch.js';
import { Autopilot } from './flow/autopilot.js';
import { authorizeGameTopic, gameTopicSnapshot, LiveEvents, parseGameTopic, publicSnapshots } from './realtime.js';
import { AnswerBatcher } from './answers/answers.js';
import { JoinBatcher } from './answers/join-batch.js';
import { createThrottles, type Throttles } from './throttle.js';
import { dateOf } from '../../lib/clock.js';
import { GAME_RESET_EVENT } from './flow/reset.js';
import { announceGameClosed, isGameOpen } from './flow/game-closed.js';
import { displayByToken, type DisplaySubject } from './displays/service.js';
import { hashSecret } from './tokens.js';
import { parseScreenTopic } from './control/lease.js';
import { ControlLeases } from './control/leases.js';
import { CROWD_GATHER, TurnBatch } from '../../lib/turn-batch.js';

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      events: LiveEvents;
      deadlines: DeadlineWatch;
      /** The steps the server takes by itself in a game with the autopilot on (flow/autopilot.ts). */
      autopilot: Autopilot;
      players: PlayerLookup;
      /** A game by id, one read per turn of the event loop for all who ask (a crowd's tickets). */
      games: TurnBatch<number, q.GameRow | undefined>;
      /** The answers' group commit (answers/answers.ts): every answer of this app goes through it. */
      answers: AnswerBatcher;
      /** The joins' group commit (answers/join-batch.ts): every phone's join of this app goes through it. */
      joins: JoinBatcher;
      /** A game's public snapshot, read once for a crowd subscribing and reused while nothing happens (realtime.ts). */
      publicSnapshots: ReturnType<typeof publicSnapshots>;
      /** The audience's throttles per client address (throttle.ts). */
      throttles: Throttles;
      /** Who holds control of each game, and the control screens present (control/leases.ts). */
      control: ControlLeases;
      /** A game closed by /triviaGame/update ends as step 5 ends it (flow/game-closed.ts); trivia's handler calls it. */
      gameClosing: {
        /** Whether the company's game is enabled now (read before an update that may close it). */
        isOpen(companyId: number, gameId: number): Promise<boolean>;
        /** Finishes the game and publishes its end if it is closed now (after the update committed). */
        announce(companyId: number, gameId: number): Promise<void>;
      };
    };
  }
  interface FastifyRequest {
    /** The player a `player` operation is called by. */
    player: q.PlayerIdentity | null;
    /** The display a `display` operation is called by. */
    display: DisplaySubject | null;
  }
}

/**
 * How long a token's player is remembered: longer than a question and its ranking take, so a game's
 * players are looked up about once per game, not at every question.
 */
export const PLAYER_CACHE_TTL_MS = 10 * 60_000;
/** The most tokens remembered (the oldest are forgotten first). */
export const PLAYER_CACHE_SIZE = 50_000;

/**
 * Who a player token belongs to. A player's identity never changes once joined (q.PlayerIdentity),
 * so a token found is remembered (PLAYER_CACHE_TTL_MS): during a question, thousands of answers
 * cost no query at all. Tokens not yet remembered are read in one query for all the requests that arrive in
 * the same turn of the event loop (each alone would queue behind the answers' own transactions on
 * PGlite). An unknown token is never remembered: a player who has just joined is known at once.
 * Players are deleted with their game — a remembered player of a deleted game is refused by every
 * player operation, which reads the game (state.requirePlayerGame, and the answer's own checks) —
 * or by a reset after a rehearsal, whose `server.gameReset` makes every instance forget them (forgetGame).
 * A lookup whose query was under way when its game was forgotten is not remembered: it may have read
 * the players the reset deleted (answered then, a stale player is refused where its answer is
 * stored, live/sql/answers.ts; remembered, it would pass for a player for ten minutes).
 */
export class PlayerLookup {
  private pending = new Map<string, Array<{ resolve: (player: q.PlayerIdentity | undefined) => void; reject: (error: unknown) => void }>>();
  private scheduled = false;
  private readonly known = new Map<string, { player: q.PlayerIdentity; until: number }>();
  /** How many times a game was forgotten, and the count at each game's last time (flush compares). */
  private forgets = 0;
  private readonly forgottenAt = new Map<number, number>();

  constructor(
    private readonly db: q.Queryable,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = PLAYER_CACHE_TTL_MS,
    private readonly maxSize = PLAYER_CACHE_SIZE,
  ) {}

  byTokenHash(tokenHash: string): Promise<q.PlayerIdentity | undefined> {
    const known = this.known.get(tokenHash);
    if (known && known.until > this.now()) return Promise.resolve(known.player);
    if (known) this.known.delete(tokenHash);
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(tokenHash);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(tokenHash, [{ resolve, reject }]);
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  /**
   * Forgets every remembered player of a game: after a reset (flow/reset.ts) its players are deleted while
   * the game stays, so a remembered token would otherwise still pass for a player for ten minutes.
   */
  forgetGame(gameId: number): void {
    this.forgets += 1;
    this.forgottenAt.set(gameId, this.forgets);
    for (const [hash, { player }] of this.known) if (player.triviaGameId === gameId) this.known.delete(hash);
  }

  /**
   * Remembers a player who has just joined (committed): the phone's next call, its ticket, finds it
   * without a query on this instance.
   */
  joined(player: q.PlayerIdentity): void {
    this.remember(player);
  }

  /** Tokens remembered now (for tests and the benchmark's notes). */
  get size(): number {
    return this.known.size;
  }

  private remember(player: q.PlayerIdentity): void {
    this.known.delete(player.tokenHash);
    this.known.set(player.tokenHash, { player, until: this.now() + this.ttlMs });
    // A Map iterates in insertion order: the first key is the one remembered longest ago.
    while (this.known.size > this.maxSize) this.known.delete(this.known.keys().next().value!);
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    const forgetsBefore = this.forgets;
    try {
      const found = new Map((await q.playersByTokenHashes(this.db, [...batch.keys()])).map((p) => [p.tokenHash, p]));
      for (const player of found.values()) if ((this.forgottenAt.get(player.triviaGameId) ?? 0) <= forgetsBefore) this.remember(player);
      for (const [hash, waiting] of batch) for (const w of waiting) w.resolve(found.get(hash));
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  }
}

export function requirePlayer(request: { player: q.PlayerIdentity | null; url: string }): q.PlayerIdentity {
  if (!request.player) throw new Error(`${request.url} needs a player`);
  return request.player;
}

export function requireDisplay(request: { display: DisplaySubject | null; url: string }): DisplaySubject {
  if (!request.display) throw new Error(`${request.url} needs a display`);
  return request.display;
}

async function livePlugin(app: FastifyInstance, options: { autoPublishAfterMs?: number }): Promise<void> {
  const events = new LiveEvents(app);
  // The answer published at the deadline when no control screen did (flow/deadline-watch.ts).
  const deadlines = new DeadlineWatch(app, options.autoPublishAfterMs);
  const players = new PlayerLookup(app.db, () => app.clock.now());
  // The steps taken when their time comes in a game that runs itself (flow/autopilot.ts).
  const autopilot = new Autopilot(app);
  app.decorate('live', {
    events,
    deadlines,
    autopilot,
    players,
    games: new TurnBatch((id: number) => q.findGame(app.db, id), CROWD_GATHER),
    answers: new AnswerBatcher(app.db),
    joins: new JoinBatcher(app.db),
    publicSnapshots: publicSnapshots(app),
    throttles: createThrottles(),
    control: new ControlLeases(app),
    gameClosing: {
      isOpen: (companyId, gameId) => isGameOpen(app, companyId, gameId),
      announce: (companyId, gameId) => announceGameClosed(app, companyId, gameId),
    },
  });
  app.decorateRequest('player', null);
  app.decorateRequest('display', null);
  const stopHearing = app.bus.subscribe((event) => {
    deadlines.hear(event);
    autopilot.hear(event);
  });
  app.addHook('onReady', async () => {
    await deadlines.watchOnScreen();
    await autopilot.start();
    await app.live.control.start();
  });
  app.addHook('onClose', async () => {
    stopHearing();
    await deadlines.close();
    await autopilot.close();
    await app.live.control.close();
    events.close();
  });

  // A control screen's own topic (`game:<id>:screen:<screen_id>`) is its presence (control/leases.ts).
  app.hub.registerTopic('game', {
    authorize: (client, topic) => (parseScreenTopic(topic) ? app.live.control.authorize(client, topic) : authorizeGameTopic(app, client, topic)),
    snapshot: (client, topic) => (parseScreenTopic(topic) ? app.live.control.arrived(client, topic) : gameTopicSnapshot(app, topic)),
    left: (client, topic) => {
      if (parseScreenTopic(topic)) app.live.control.left(client, topic).catch((error: unknown) => app.log.warn({ err: error, topic }, 'a control screen could not be marked gone'));
    },
  });

  // A game reset on any instance (it reaches every instance through the bus): its deleted players are
  // forgotten here and their sockets closed (after the event itself was delivered to them), so a
  // phone of the rehearsal reconnects, gets 202 for its token and goes back to joining.
  const stopResetting = app.bus.subscribe((event) => {
    const topic = event.type === GAME_RESET_EVENT ? parseGameTopic(event.topic) : null;
    if (topic?.audience !== 'public') return;
    players.forgetGame(topic.gameId);
    for (const client of app.hub.clients) {
      if (client.subject.kind === 'player' && client.subject.gameId === topic.gameId) client.socket.close(4010, 'game reset');
    }
  });
  app.addHook('onClose', async () => stopResetting());
  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.playOperation;
    if (!operation || operation.permission === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (operation.permission === 'player') {
      const player = token ? await players.byTokenHash(hashSecret(token)) : undefined;
      if (!player) throw new ApiError(200, ResponseCode.NEED_LOGIN, 'live.player.unknownToken');
      request.player = player;
      return;
    }
    if (operation.permission === 'display') {
      // A display session (displays/): paired, neither unpaired nor idle for 30 days.
      const display = token ? await displayByToken(app.db, token, dateOf(app.clock)) : null;
      if (!display) throw new ApiError(200, ResponseCode.NEED_LOGIN, 'display.unknownToken');
      request.display = display;
      return;
    }
    throw forbidden();
  });
}

export default fp(livePlugin, { name: 'live', dependencies: ['lang', 'errors', 'realtime'] });
