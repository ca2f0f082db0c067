/**
 * Pairing a display that has neither a code in its address nor a stored session (issue 16): ask the
 * server for a short code (POST /display/pair), show it, and poll POST /display/pairStatus about
 * every 2 s until the operator types it on the control screen. An expired code is renewed by itself;
 * a lost network or a throttled call waits with backoff (../shared/backoff.ts) and tries again. The
 * loop decides nothing: what it shows comes from the server. Timers and the API are injected, so
 * the loop is testable without a browser.
 */
import type { PlayApi } from '@/audience/api';
import { backoffDelay } from '@/shared/backoff';
import type { DisplaySession } from './display-session';

export const POLL_INTERVAL_MS = 2_000;

export type PairingView = { kind: 'asking' } | { kind: 'showing'; code: string } | { kind: 'offline'; message: string; code: string | null };

export interface PairingCallbacks {
  onView: (view: PairingView) => void;
  onPaired: (session: DisplaySession, gameTitle: string) => void;
}

export interface PairingDeps {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
}

const browserDeps: PairingDeps = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  random: Math.random,
};

/** "ABC234" → "ABC 234": two groups of three, read from the stage without counting. */
export const formatPairingCode = (code: string): string => (code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code);

export class PairingLoop {
  private stopped = false;
  private timer: unknown = null;
  private failures = 0;
  private pending: { code: string; token: string } | null = null;

  constructor(
    private readonly api: Pick<PlayApi, 'displayPair' | 'displayPairStatus'>,
    private readonly callbacks: PairingCallbacks,
    private readonly deps: PairingDeps = browserDeps,
  ) {}

  start(): void {
    this.stopped = false;
    void this.ask();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number, step: () => Promise<void>): void {
    if (this.stopped) return;
    this.timer = this.deps.setTimeout(() => {
      this.timer = null;
      void step();
    }, ms);
  }

  /** A failed call: offline (or throttled) → say so, keep the code on screen, and retry later. */
  private retry(error: unknown, step: () => Promise<void>): void {
    if (this.stopped) return;
    const message = error instanceof Error ? error.message : String(error);
    this.callbacks.onView({ kind: 'offline', message, code: this.pending?.code ?? null });
    this.schedule(backoffDelay(this.failures++, this.deps.random, { baseMs: POLL_INTERVAL_MS, maxMs: 30_000, minMs: POLL_INTERVAL_MS }), step);
  }

  private async ask(): Promise<void> {
    if (this.stopped) return;
    this.pending = null;
    this.callbacks.onView({ kind: 'asking' });
    try {
      const data = await this.api.displayPair();
      if (this.stopped) return;
      this.failures = 0;
      this.pending = { code: data.pairing_code, token: data.pairing_token };
      this.callbacks.onView({ kind: 'showing', code: data.pairing_code });
      this.schedule(POLL_INTERVAL_MS, () => this.poll());
    } catch (error) {
      this.retry(error, () => this.ask());
    }
  }

  private async poll(): Promise<void> {
    const pending = this.pending;
    if (this.stopped || !pending) return;
    try {
      const data = await this.api.displayPairStatus(pending.token);
      if (this.stopped) return;
      const wasOffline = this.failures > 0;
      this.failures = 0;
      if (data.status === 'paired' && data.display_token && data.game) {
        this.stop();
        this.callbacks.onPaired({ token: data.display_token, gameId: data.game.id }, data.game.title);
        return;
      }
      if (data.status === 'expired') {
        void this.ask();
        return;
      }
      if (wasOffline) this.callbacks.onView({ kind: 'showing', code: pending.code });
      this.schedule(POLL_INTERVAL_MS, () => this.poll());
    } catch (error) {
      // Offline, throttled (429) or a server error: the same code stays on screen, asked again later.
      this.retry(error, () => this.poll());
    }
  }
}
