/**
 * WebSocket tickets: the WebSocket authenticates with a 30-second, single-use ticket obtained over
 * HTTP, so no long-lived token ever travels in a URL (docs/api-conventions.md).
 *
 * A ticket is a compact JWS (HS256, audience `ws`, a random `jti`, `iat`, `exp`), signed and checked
 * here with node:crypto's HMAC in the calling turn: when a crowd joins, thousands are issued and
 * redeemed a second, and jose's WebCrypto path cost each one an asynchronous job (issue 22).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '../lib/clock.js';

export const TICKET_TTL_SECONDS = 30;

/** Who a ticket speaks for: an admin, or (with the live game) a player or a display of a game. */
export interface TicketSubject {
  kind: 'admin' | 'player' | 'display';
  id: number;
  /** For players and displays: the game they belong to. */
  gameId?: number;
  companyId?: number;
}

const isKind = (value: unknown): value is TicketSubject['kind'] => value === 'admin' || value === 'player' || value === 'display';
const isInteger = (value: unknown): value is number => Number.isInteger(value);

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** Used tickets are forgotten once expired, looked over at most this often (not at every redeem). */
const SWEEP_EVERY_MS = 1_000;

export class TicketService {
  /** Used tickets' ids and when they expire (ms), in the order they were used. */
  private readonly used = new Map<string, number>();
  private nextSweep = 0;

  constructor(
    private readonly secret: Uint8Array,
    /** The app's clock (lib/clock.ts): a ticket's issue and expiry times. */
    private readonly clock: Clock = systemClock,
  ) {}

  private sign(input: string): Buffer {
    return createHmac('sha256', this.secret).update(input).digest();
  }

  async issue(subject: TicketSubject): Promise<string> {
    const iat = Math.floor(this.clock.now() / 1000);
    const payload = Buffer.from(JSON.stringify({ ...subject, aud: 'ws', jti: randomUUID(), iat, exp: iat + TICKET_TTL_SECONDS })).toString('base64url');
    const input = `${HEADER}.${payload}`;
    return `${input}.${this.sign(input).toString('base64url')}`;
  }

  /** The ticket's subject, or null when it is invalid, expired or already used. */
  async redeem(ticket: string): Promise<TicketSubject | null> {
    try {
      const parts = ticket.split('.');
      if (parts.length !== 3 || parts[0] !== HEADER) return null;
      const signature = Buffer.from(parts[2]!, 'base64url');
      const expected = this.sign(`${parts[0]}.${parts[1]}`);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
      const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      const now = this.clock.now();
      if (payload.aud !== 'ws' || typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null;
      if (typeof payload.jti !== 'string' || !payload.jti) return null;
      this.sweep(now);
      if (this.used.has(payload.jti)) return null;
      this.used.set(payload.jti, payload.exp * 1000);
      const { kind, id, gameId, companyId } = payload;
      if (!isKind(kind) || !isInteger(id)) return null;
      if ((gameId !== undefined && !isInteger(gameId)) || (companyId !== undefined && !isInteger(companyId))) return null;
      return { kind, id, ...(gameId !== undefined ? { gameId } : {}), ...(companyId !== undefined ? { companyId } : {}) };
    } catch {
      return null;
    }
  }

  /** Forgets used tickets that expired: a ticket past its time is refused by its `exp` anyway. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [jti, expiresAt] of this.used) if (expiresAt <= now) this.used.delete(jti);
  }
}
