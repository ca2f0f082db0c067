/**
 * The one client of the play contract (`/api/play`, openapi/play-api.yaml), for everything that
 * speaks it: the player page and the quiz display (src/audience/api.ts) and the simulated players
 * (src/server/features/rehearsal/bot-swarm.ts). `post(path, body, token)` is typed by the generated
 * `paths`: the path names the request body it takes and the `data` of its code-200 envelope, so no
 * caller writes a request or answer type of its own. The envelope becomes that data or a
 * `PlayApiError` whose message is the server's sentence (422 field errors included); code 202 (an
 * unknown or expired token) is flagged `tokenRejected`.
 *
 * A few lines instead of openapi-fetch (2.4 KB gzipped, on a player page whose budget is tight). How a
 * POST travels is the transport's business: fetch in a browser, a bounded keep-alive agent for the
 * bots, the benchmark's lean client. Imports nothing of a browser or of Node.
 */
import type { components, paths } from '@openapi/play-api';
import { asEnvelope, envelopeMessage } from './envelope';

export type PlaySchemas = components['schemas'];
export type PlayPath = keyof paths;
/** The JSON body a path's POST takes. */
export type PlayBody<P extends PlayPath> = paths[P]['post'] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The `data` of a path's code-200 envelope. */
export type PlayData<P extends PlayPath> = Extract<paths[P]['post']['responses'][200]['content']['application/json'], { code: 200 }>['data'];
export type Language = 'zh-TW' | 'en';

export class PlayApiError extends Error {
  /** The token is unknown or expired (body code 202). */
  readonly tokenRejected: boolean;

  constructor(
    message: string,
    /** The body code (201, 202, 422, 429, 500...) or 0 when the server could not be reached. */
    readonly code: number,
    /** The envelope's `data` (a refused join to an ended game carries its final results). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'PlayApiError';
    this.tokenRejected = code === 202;
  }

  get offline(): boolean {
    return this.code === 0;
  }

  /** Nothing was decided: no answer (offline), too many requests, or a server failure. Worth sending again. */
  get transient(): boolean {
    return this.code === 0 || this.code === 429 || this.code >= 500;
  }
}

/** `data` of a code-200 envelope (a POST's body or a socket reply's), or the error it stands for. */
export function unwrap<T>(body: unknown): T {
  const envelope = asEnvelope(body);
  if (envelope?.code === 200) return envelope.data as T;
  if (!envelope) throw new PlayApiError('Error', 500, null);
  throw new PlayApiError(envelopeMessage(envelope) || 'Error', envelope.code, envelope.data ?? null);
}

/**
 * One POST: `path` is the whole path (`/api/play/join`); resolves with the parsed response body
 * whatever the HTTP status, rejects when no answer came.
 */
export type PlayTransport = (path: string, body: unknown, token?: string) => Promise<unknown>;

/** The browser's transport: fetch, with the `Lang` the server answers in. */
export function fetchTransport(lang: () => Language, fetchImpl: typeof fetch = (...args) => fetch(...args)): PlayTransport {
  return async (path, body, token) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Lang: lang() };
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    const response = await fetchImpl(path, { method: 'POST', headers, body: JSON.stringify(body) });
    return response.json();
  };
}

export interface PlayClientOptions {
  transport: PlayTransport;
  /** What to say when the server cannot be reached (`cause`: what failed, if anything did). */
  networkError?: (cause?: unknown) => string;
  baseUrl?: string;
}

export type PlayPost = <P extends PlayPath>(path: P, body: PlayBody<P>, token?: string) => Promise<PlayData<P>>;

const describe = (cause?: unknown) => (cause instanceof Error ? cause.message : 'the server sent no envelope');

/** The typed POST: a failed transport or a body that is not the envelope is an error with code 0. */
export function createPlayClient({ transport, networkError = describe, baseUrl = '/api/play' }: PlayClientOptions): PlayPost {
  return async (path, body, token) => {
    let reply: unknown;
    try {
      reply = await transport(`${baseUrl}${path}`, body, token);
    } catch (error) {
      throw new PlayApiError(networkError(error), 0);
    }
    if (!asEnvelope(reply)) throw new PlayApiError(networkError(), 0);
    return unwrap(reply);
  };
}

/** A join's ticket is used only while at least this many seconds of its life remain (its way to the server included). */
export const TICKET_MARGIN_S = 5;

/**
 * A player's tickets for its sockets. The join's answer carries one: the socket opened right after a
 * join uses it instead of asking /ticket (one request less per phone when a crowd joins) — once, for
 * that player's token, and only while TICKET_MARGIN_S of its life remain on `now` (ms); every later
 * connection asks /ticket.
 */
export function playerTickets(post: PlayPost, now: () => number = () => performance.now()) {
  let kept: { token: string; ticket: PlaySchemas['TicketData']; usableUntil: number } | null = null;
  return {
    joined({ player_token: token, ticket }: Pick<PlayData<'/join'>, 'player_token' | 'ticket'>): void {
      kept = ticket ? { token, ticket, usableUntil: now() + (ticket.expires_in - TICKET_MARGIN_S) * 1000 } : null;
    },
    ticket(token: string): Promise<PlaySchemas['TicketData']> {
      const join = kept;
      kept = null;
      if (join && join.token === token && now() < join.usableUntil) return Promise.resolve(join.ticket);
      return post('/ticket', {}, token);
    },
  };
}
