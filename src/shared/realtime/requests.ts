/**
 * Requests over one WebSocket and their replies (docs/api-conventions.md "Real time"): a `request`
 * frame carries an id, and the `reply` with the same id — among the event frames, in any order —
 * carries the HTTP status and the envelope the operation's POST would have answered. The one place
 * that matches replies to requests, for the realtime client (./client.ts) of every face and of the
 * simulated players. A request whose reply is late, or whose socket goes first, fails with
 * `RealtimeRequestUnavailable`; it is never sent again (an answer sent twice is refused as already
 * answered): the caller decides whether its POST is worth trying.
 */
import type { RequestFrame } from './frames';

/** A request's answer: the HTTP status and the envelope the operation's POST would have answered. */
export interface RealtimeReply {
  status: number;
  body: unknown;
}

/** The socket could not carry a request; `sent`: the frame went out (the server may have acted on it). */
export class RealtimeRequestUnavailable extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
    this.name = 'RealtimeRequestUnavailable';
  }
}

export const REQUEST_TIMEOUT_MS = 8_000;

interface Pending {
  resolve: (reply: RealtimeReply) => void;
  reject: (error: RealtimeRequestUnavailable) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class PendingRequests {
  private readonly pending = new Map<string, Pending>();
  private sequence = 0;

  constructor(private readonly timeoutMs = REQUEST_TIMEOUT_MS) {}

  /** Requests waiting for their reply. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * Sends the request frame through `send` (which throws when the socket fails) and waits for its
   * reply, at most the timeout.
   */
  send(operation: RequestFrame['operation'], body: RequestFrame['body'], lang: NonNullable<RequestFrame['lang']>, send: (frame: string) => void): Promise<RealtimeReply> {
    const id = `r${++this.sequence}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, new RealtimeRequestUnavailable('no reply in time', true)), this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      try {
        send(JSON.stringify({ type: 'request', id, operation, lang, body } satisfies RequestFrame));
      } catch {
        this.settle(id, new RealtimeRequestUnavailable('the live connection failed', false));
      }
    });
  }

  /** A `reply` frame: settles its request; false when none waits for it (late, or not ours). */
  receive(frame: { id?: unknown; status?: unknown; body?: unknown }): boolean {
    if (typeof frame.id !== 'string' || !this.pending.has(frame.id)) return false;
    this.settle(frame.id, { status: typeof frame.status === 'number' ? frame.status : 500, body: frame.body });
    return true;
  }

  /** Every waiting request: its frame went out, its reply will not come on this socket. */
  failAll(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, new RealtimeRequestUnavailable('the live connection closed before the reply', true));
  }

  private settle(id: string, outcome: RealtimeReply | RealtimeRequestUnavailable): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (outcome instanceof RealtimeRequestUnavailable) pending.reject(outcome);
    else pending.resolve(outcome);
  }
}
