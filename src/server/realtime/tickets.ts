/**
 * WebSocket tickets: the WebSocket authenticates with a 30-second, single-use ticket obtained over
 * HTTP, so no long-lived token ever travels in a URL (docs/api-conventions.md).
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const TICKET_TTL_SECONDS = 30;

/** Who a ticket speaks for: an admin, or (with the live game) a player or a display of a game. */
export interface TicketSubject {
  kind: 'admin' | 'player' | 'display';
  id: number;
  /** For players and displays: the game they belong to. */
  gameId?: number;
  companyId?: number;
}

export class TicketService {
  private readonly used = new Map<string, number>();

  constructor(private readonly secret: Uint8Array) {}

  async issue(subject: TicketSubject): Promise<string> {
    return new SignJWT({ ...subject })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('ws')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${TICKET_TTL_SECONDS}s`)
      .sign(this.secret);
  }

  /** The ticket's subject, or null when it is invalid, expired or already used. */
  async redeem(ticket: string): Promise<TicketSubject | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.secret, { audience: 'ws', algorithms: ['HS256'] });
      const now = Date.now();
      for (const [jti, expiresAt] of this.used) if (expiresAt <= now) this.used.delete(jti);
      if (!payload.jti || this.used.has(payload.jti)) return null;
      this.used.set(payload.jti, (payload.exp ?? 0) * 1000);
      const { kind, id, gameId, companyId } = payload as unknown as TicketSubject;
      if ((kind !== 'admin' && kind !== 'player' && kind !== 'display') || !Number.isInteger(id)) return null;
      return { kind, id, ...(gameId !== undefined ? { gameId } : {}), ...(companyId !== undefined ? { companyId } : {}) };
    } catch {
      return null;
    }
  }
}
