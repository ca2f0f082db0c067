/**
 * Requests over a player's open WebSocket, as the phone sends its answers: a `request` frame with an
 * id, answered by a `reply` frame with the same id, the HTTP status and the envelope the POST would
 * have answered (src/server/realtime/hub.ts). Replies arrive among the event frames, in any order.
 *
 * It never reads the socket itself: whoever owns the socket parses each frame once and hands the
 * replies to `receive` (the load processes share the cores with the server being measured, so a
 * frame is not parsed twice). A request fails when its reply is late (`timeoutMs`) or the socket
 * closes first; it is never sent again (an answer sent twice would be refused as already answered).
 */
import WebSocket from 'ws';

export interface ReplyEnvelope {
  code: number;
  message: string;
  // The public API's envelopes, read loosely (bot-swarm.ts).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export interface SocketReply {
  type: 'reply';
  id: string;
  /** The HTTP status the POST would have answered. */
  status: number;
  body: ReplyEnvelope;
  server_time?: number;
}

interface Pending {
  resolve: (reply: SocketReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class SocketRequests {
  private readonly pending = new Map<string, Pending>();
  private sequence = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: { timeoutMs?: number; lang?: 'zh-TW' | 'en' } = {},
  ) {
    socket.once('close', () => this.failAll(new Error('the WebSocket closed before the reply')));
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Requests waiting for their reply. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Sends `operation` with `body`; resolves with the reply (any status), rejects on timeout or close. */
  request(operation: string, body: unknown): Promise<SocketReply> {
    if (!this.open) return Promise.reject(new Error('the WebSocket is not open'));
    const id = (++this.sequence).toString(36);
    const frame = `{"type":"request","id":"${id}","operation":${JSON.stringify(operation)},"lang":"${this.options.lang ?? 'en'}","body":${JSON.stringify(body)}}`;
    return new Promise((resolve, reject) => {
      // The id as the timer's argument: no closure per request.
      this.pending.set(id, { resolve, reject, timer: setTimeout(this.expire, this.options.timeoutMs ?? 10_000, id) });
      this.socket.send(frame);
    });
  }

  /** A reply frame, parsed by the socket's owner; false if no request of this socket waits for it. */
  receive(frame: { id?: unknown }): boolean {
    const id = String(frame.id);
    const pending = this.pending.get(id);
    if (!pending) return false;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(frame as SocketReply);
    return true;
  }

  private readonly expire = (id: string): void => {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    pending.reject(new Error(`no reply within ${this.options.timeoutMs ?? 10_000} ms`));
  };

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }
}
