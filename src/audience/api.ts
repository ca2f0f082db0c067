/**
 * The player and display API (`/api/play`) for the audience's pages, over the one play client
 * (src/shared/play-client.ts): fetch with the page's language, the server's sentence (or the page's
 * own "cannot reach the server") as the error, the join's ticket kept for the first socket, and the
 * device id on every join. Never imports the back office.
 */
import { createPlayClient, fetchTransport, playerTickets, type Language, type PlaySchemas } from '@/shared/play-client';
import { deviceId } from './device-id';

export { PlayApiError, unwrap, type Language, type PlaySchemas } from '@/shared/play-client';

export interface PlayApiOptions {
  /** The language the server answers in. */
  lang: () => Language;
  /** What to say when the server cannot be reached (in the user's language). */
  networkError: () => string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export function createPlayApi({ lang, networkError, baseUrl, fetch }: PlayApiOptions) {
  const post = createPlayClient({ transport: fetchTransport(lang, fetch), networkError, baseUrl });
  const tickets = playerTickets(post);
  return {
    async join(pin: string, nickname: string): Promise<PlaySchemas['JoinData']> {
      const data = await post('/join', { pin, nickname, device_id: deviceId() });
      tickets.joined(data);
      return data;
    },
    /** One of `choices`, `text` or `value`, as the question's kind asks. */
    answer: (token: string, request: PlaySchemas['AnswerRequest']) => post('/answer', request, token),
    state: (token: string) => post('/state', {}, token),
    ticket: tickets.ticket,
    displayExchange: (code: string) => post('/display/exchange', { code }),
    displayPair: () => post('/display/pair', {}),
    displayPairStatus: (pairingToken: string) => post('/display/pairStatus', { pairing_token: pairingToken }),
    displayState: (token: string) => post('/display/state', {}, token),
    displayTicket: (token: string) => post('/display/ticket', {}, token),
  };
}

export type PlayApi = ReturnType<typeof createPlayApi>;
