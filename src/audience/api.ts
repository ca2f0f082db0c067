/**
 * The player and display API (`/api/play`, openapi/play-api.yaml) for the audience's pages: one
 * openapi-fetch client typed by the generated contract, the `Lang` header on every call, and the
 * envelope turned into data or a `PlayApiError` whose message is the server's sentence in the user's
 * language (422 field errors included). Code 202 (an unknown or expired token) is flagged
 * `tokenRejected`, which the player machine and the display read as "join / open again".
 * Never imports the back office.
 */
import type { components, paths } from '@openapi/play-api';
import createClient from 'openapi-fetch';

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

interface Envelope {
  code?: number;
  message?: string;
  data?: unknown;
}

export interface PlayApiOptions {
  /** The language the server answers in. */
  lang: () => Language;
  /** What to say when the server cannot be reached (in the user's language). */
  networkError: () => string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The first field error of a 422, else the envelope's message. */
export function envelopeMessage(body: Envelope): string {
  if (body.code === 422 && body.data && typeof body.data === 'object') {
    const errors = (body.data as { errors?: Record<string, string[]> }).errors ?? {};
    const first = Object.values(errors).flat()[0];
    if (first) return first;
  }
  return body.message || 'Error';
}

/** `data` of a code-200 envelope, or the error it stands for. */
export function unwrap<T>(body: unknown): T {
  const envelope = (body ?? {}) as Envelope;
  if (envelope.code === 200) return envelope.data as T;
  throw new PlayApiError(envelopeMessage(envelope), typeof envelope.code === 'number' ? envelope.code : 500, envelope.data ?? null);
}

export function createPlayApi({ lang, networkError, baseUrl = '/api/play', fetch: fetchImpl }: PlayApiOptions) {
  const client = createClient<paths>({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  client.use({
    onRequest({ request }) {
      request.headers.set('Lang', lang());
      return request;
    },
  });

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** Runs a call; a failed fetch (no network) or a body that is not the envelope becomes an error with code 0. */
  async function run<T>(send: () => Promise<{ data?: unknown; error?: unknown }>): Promise<T> {
    let result: { data?: unknown; error?: unknown };
    try {
      result = await send();
    } catch {
      throw new PlayApiError(networkError(), 0);
    }
    const body = result.data ?? result.error;
    if (!body || typeof body !== 'object' || typeof (body as Envelope).code !== 'number') throw new PlayApiError(networkError(), 0);
    return unwrap<T>(body);
  }

  return {
    join: (pin: string, nickname: string) => run<PlaySchemas['JoinData']>(() => client.POST('/join', { body: { pin, nickname } })),
    answer: (token: string, questionId: number, choices: PlaySchemas['OptionTitle'][]) =>
      run<PlaySchemas['AnswerData']>(() => client.POST('/answer', { body: { question_id: questionId, choices }, headers: auth(token) })),
    state: (token: string) => run<PlaySchemas['PlayerStateData']>(() => client.POST('/state', { body: {}, headers: auth(token) })),
    ticket: (token: string) => run<PlaySchemas['TicketData']>(() => client.POST('/ticket', { body: {}, headers: auth(token) })),
    displayExchange: (code: string) => run<PlaySchemas['DisplayExchangeData']>(() => client.POST('/display/exchange', { body: { code } })),
    displayPair: () => run<PlaySchemas['DisplayPairData']>(() => client.POST('/display/pair', { body: {} })),
    displayPairStatus: (pairingToken: string) =>
      run<PlaySchemas['DisplayPairStatusData']>(() => client.POST('/display/pairStatus', { body: { pairing_token: pairingToken } })),
    displayState: (token: string) => run<PlaySchemas['DisplayStateData']>(() => client.POST('/display/state', { body: {}, headers: auth(token) })),
    displayTicket: (token: string) => run<PlaySchemas['TicketData']>(() => client.POST('/display/ticket', { body: {}, headers: auth(token) })),
  };
}

export type PlayApi = ReturnType<typeof createPlayApi>;
