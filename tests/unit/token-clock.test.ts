/**
 * Access tokens and WebSocket tickets on the app's clock (src/server/lib/clock.ts): issued at the
 * clock's time, valid until their expiry second on it and expired from then on, whatever the real time
 * says — so a test moves a token past its life by moving the server's clock (tests/support/clock.ts).
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from '@/server/features/access/tokens';
import { TICKET_TTL_SECONDS, TicketService } from '@/server/realtime/tickets';
import { TestClock } from '../support/clock';

const SECRET = new TextEncoder().encode('a test secret of enough length for HS256');
/** Years away from the real time: only the clock's time can make a token valid or expired here. */
const START = Date.UTC(2031, 0, 1);

describe('time on the app clock', () => {
  it("issues an access token at the clock's time; it expires at its exp second on the clock", async () => {
    const clock = new TestClock(START);
    const signer = new TokenSigner(SECRET, 900, clock);
    const { token, jti } = await signer.sign(7, 'session-1');
    expect(decodeJwt(token)).toMatchObject({ iat: START / 1000, exp: START / 1000 + 900 });
    expect(await signer.verify(token)).toEqual({ status: 'valid', claims: { adminId: 7, sessionId: 'session-1', jti } });
    await clock.advance(900_000 - 1);
    expect((await signer.verify(token)).status).toBe('valid');
    await clock.advance(1);
    expect(await signer.verify(token)).toEqual({ status: 'expired', claims: { adminId: 7, sessionId: 'session-1', jti } });
  });

  it('refuses a ticket once the clock passed its life', async () => {
    const clock = new TestClock(START);
    const tickets = new TicketService(SECRET, clock);
    const used = await tickets.issue({ kind: 'admin', id: 1 });
    const late = await tickets.issue({ kind: 'admin', id: 1 });
    expect(await tickets.redeem(used)).toEqual({ kind: 'admin', id: 1 });
    await clock.advance(TICKET_TTL_SECONDS * 1000);
    expect(await tickets.redeem(late)).toBeNull();
  });
});
