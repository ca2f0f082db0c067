/**
 * The live game's share of the server: who calls the player/display API (a player token or a display
 * token, as each operation's x-permission says), the `game:<id>:…` topics of the real-time channel,
 * and the coalesced events. Registered before the contract routes, after the realtime plugin.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, forbidden, ResponseCode } from '../../lib/envelope.js';
import { bearerToken } from '../session/tokens.js';
import * as q from './queries.js';
import { authorizeGameTopic, gameTopicSnapshot, LiveEvents } from './realtime.js';
import { DisplayTokens, hashSecret, type DisplaySubject } from './tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    live: { events: LiveEvents; displayTokens: DisplayTokens };
  }
  interface FastifyRequest {
    /** The player a `player` operation is called by. */
    player: q.PlayerRow | null;
    /** The display a `display` operation is called by. */
    display: DisplaySubject | null;
  }
}

/**
 * Who a player token belongs to, read fresh for each request but in one query for all the requests
 * that arrive in the same turn of the event loop: a burst of thousands of answers costs a few
 * queries, not thousands (each would queue behind the answers' own transactions on PGlite).
 */
export class PlayerLookup {
  private pending = new Map<string, Array<{ resolve: (player: q.PlayerRow | undefined) => void; reject: (error: unknown) => void }>>();
  private scheduled = false;

  constructor(private readonly db: q.Queryable) {}

  byTokenHash(tokenHash: string): Promise<q.PlayerRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(tokenHash);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(tokenHash, [{ resolve, reject }]);
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    try {
      const found = new Map((await q.playersByTokenHashes(this.db, [...batch.keys()])).map((p) => [p.tokenHash, p]));
      for (const [hash, waiting] of batch) for (const w of waiting) w.resolve(found.get(hash));
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  }
}

export function requirePlayer(request: { player: q.PlayerRow | null; url: string }): q.PlayerRow {
  if (!request.player) throw new Error(`${request.url} needs a player`);
  return request.player;
}

export function requireDisplay(request: { display: DisplaySubject | null; url: string }): DisplaySubject {
  if (!request.display) throw new Error(`${request.url} needs a display`);
  return request.display;
}

async function livePlugin(app: FastifyInstance, options: { secret: Uint8Array }): Promise<void> {
  const events = new LiveEvents(app);
  app.decorate('live', { events, displayTokens: new DisplayTokens(options.secret) });
  app.decorateRequest('player', null);
  app.decorateRequest('display', null);
  app.addHook('onClose', async () => events.close());

  app.hub.registerTopic('game', {
    authorize: (client, topic) => authorizeGameTopic(app, client, topic),
    snapshot: (_client, topic) => gameTopicSnapshot(app, topic),
  });

  const players = new PlayerLookup(app.db);
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
      const display = token ? await app.live.displayTokens.verify(token) : null;
      if (!display) throw new ApiError(200, ResponseCode.NEED_LOGIN, 'live.display.unknownToken');
      request.display = display;
      return;
    }
    throw forbidden();
  });
}

export default fp(livePlugin, { name: 'live', dependencies: ['lang', 'errors', 'realtime'] });
