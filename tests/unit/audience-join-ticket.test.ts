/**
 * The phone's first WebSocket ticket comes with its join (src/audience/api.ts): the socket opened
 * right after a join asks nothing more; a later connection, another player's token or a ticket whose
 * life is nearly over goes to POST /ticket. The server side (the join's answer carries a ticket that
 * opens the socket once) is tests/api/live-realtime.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlayApi, type PlaySchemas } from '@/audience/api';

const joinTicket: PlaySchemas['TicketData'] = { ticket: 'from-join', expires_in: 30, url: '/api/ws', topic: 'game:4:public' };
const askedTicket: PlaySchemas['TicketData'] = { ...joinTicket, ticket: 'from-ticket' };

/** A client over a fetch that answers /join and /ticket and records the paths it was asked. */
function client(join: Partial<PlaySchemas['JoinData']> = {}) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = String(input);
    asked.push(path);
    const data: unknown = path.endsWith('/join')
      ? { player_token: 'tok-ann', player: { id: 1, nickname: 'Ann', trivia_game_id: 4, join_order: 1 }, game: null, ticket: joinTicket, ...join }
      : askedTicket;
    return new Response(JSON.stringify({ code: 200, message: 'ok', data }));
  };
  return { api: createPlayApi({ lang: () => 'en', networkError: () => 'Network error', fetch }), asked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the join's ticket", () => {
  it('opens the first socket without asking /ticket, and only the first', async () => {
    const { api, asked } = client();
    await api.join('123456', 'Ann');
    expect(await api.ticket('tok-ann')).toEqual(joinTicket);
    expect(await api.ticket('tok-ann')).toEqual(askedTicket);
    expect(asked).toEqual(['/api/play/join', '/api/play/ticket']);
  });

  it("is not used for another player's token", async () => {
    const { api, asked } = client();
    await api.join('123456', 'Ann');
    expect(await api.ticket('tok-bob')).toEqual(askedTicket);
    expect(asked).toEqual(['/api/play/join', '/api/play/ticket']);
  });

  it('is not used once less than 5 seconds of its life remain', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { api, asked } = client();
    await api.join('123456', 'Ann');
    vi.advanceTimersByTime(25_000);
    expect(await api.ticket('tok-ann')).toEqual(askedTicket);
    expect(asked).toEqual(['/api/play/join', '/api/play/ticket']);
  });

  it('is asked for as before when the join answer has none (an older server)', async () => {
    const { api, asked } = client({ ticket: undefined });
    await api.join('123456', 'Ann');
    expect(await api.ticket('tok-ann')).toEqual(askedTicket);
    expect(asked).toEqual(['/api/play/join', '/api/play/ticket']);
  });
});
