/**
 * The player and display API (`/api/play`, openapi/play-api.yaml) for the audience's pages: a POST
 * helper typed by the generated contract (paths and request bodies; a few lines instead of
 * openapi-fetch, 2.4 KB gzipped of a page whose budget is tight), the `Lang` header on every call, and the
 * envelope turned into data or a `PlayApiError` whose message is the server's sentence in the user's
 * language (422 field errors included). Code 202 (an unknown or expired token) is flagged
 * `tokenRejected`, which the player machine and the display read as "join / open again".
 * Never imports the back office.
 */
import type { components, paths } from '@openapi/play-api';
import { asEnvelope, envelopeMessage } from '@/shared/envelope';
import { deviceId } from './device-id';

export type PlaySchemas = components['schemas'];
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

export interface PlayApiOptions {
  /** The language the server answers in. */
  lang: () => Language;
  /** What to say when the server cannot be reached (in the user's language). */
  networkError: () => string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** `data` of a code-200 envelope, or the error it stands for. */
export function unwrap<T>(body: unknown): T {
  const envelope = asEnvelope(body);
  if (envelope?.code === 200) return envelope.data as T;
  if (!envelope) throw new PlayApiError('Error', 500, null);
  throw new PlayApiError(envelopeMessage(envelope) || 'Error', envelope.code, envelope.data ?? null);
}

/** A join's ticket is used only while at least this many seconds of its life remain (its way to the server included). */
const TICKET_MARGIN_S = 5;

/** The JSON body a path's POST takes, from the contract. */
type RequestBody<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;

export function createPlayApi({ lang, networkError, baseUrl = '/api/play', fetch: fetchImpl = (...args) => fetch(...args) }: PlayApiOptions) {
  /**
   * POSTs a call and reads the envelope, whatever the HTTP status; a failed fetch (no network) or a
   * body that is not the envelope becomes an error with code 0.
   */
  async function post<T, P extends keyof paths = keyof paths>(path: P, body: RequestBody<P>, token?: string): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Lang: lang() };
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    let envelope: unknown;
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      envelope = await response.json();
    } catch {
      throw new PlayApiError(networkError(), 0);
    }
    if (!asEnvelope(envelope)) throw new PlayApiError(networkError(), 0);
    return unwrap<T>(envelope);
  }

  /**
   * The first ticket, from the join's answer: the socket opened right after a join uses it instead of
   * asking /ticket (one request less per phone when a crowd joins). Used once, and only while a few
   * seconds of its life remain on this page's own timer; then /ticket as for every later connection.
   */
  let joinTicket: { token: string; ticket: PlaySchemas['TicketData']; usableUntil: number } | null = null;

  async function join(pin: string, nickname: string): Promise<PlaySchemas['JoinData']> {
    const data = await post<PlaySchemas['JoinData'], '/join'>('/join', { pin, nickname, device_id: deviceId() });
    const { ticket } = data;
    joinTicket = ticket ? { token: data.player_token, ticket, usableUntil: performance.now() + (ticket.expires_in - TICKET_MARGIN_S) * 1000 } : null;
    return data;
  }

  function ticket(token: string): Promise<PlaySchemas['TicketData']> {
    const kept = joinTicket;
    joinTicket = null;
    if (kept && kept.token === token && performance.now() < kept.usableUntil) return Promise.resolve(kept.ticket);
    return post<PlaySchemas['TicketData'], '/ticket'>('/ticket', {}, token);
  }

  return {
    join,
    answer: (token: string, questionId: number, choices: PlaySchemas['OptionTitle'][]) =>
      post<PlaySchemas['AnswerData'], '/answer'>('/answer', { question_id: questionId, choices }, token),
    state: (token: string) => post<PlaySchemas['PlayerStateData'], '/state'>('/state', {}, token),
    ticket,
    displayExchange: (code: string) => post<PlaySchemas['DisplayExchangeData'], '/display/exchange'>('/display/exchange', { code }),
    displayPair: () => post<PlaySchemas['DisplayPairData'], '/display/pair'>('/display/pair', {}),
    displayPairStatus: (pairingToken: string) =>
      post<PlaySchemas['DisplayPairStatusData'], '/display/pairStatus'>('/display/pairStatus', { pairing_token: pairingToken }),
    displayState: (token: string) => post<PlaySchemas['DisplayStateData'], '/display/state'>('/display/state', {}, token),
    displayTicket: (token: string) => post<PlaySchemas['TicketData'], '/display/ticket'>('/display/ticket', {}, token),
  };
}

export type PlayApi = ReturnType<typeof createPlayApi>;
