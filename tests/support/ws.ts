/** A WebSocket test client that records frames and waits for the one a test expects. */
import WebSocket from 'ws';

export interface WsFrame {
  type: string;
  topic?: string;
  data?: any;
  server_time?: number;
  [key: string]: unknown;
}

export class TestSocket {
  readonly frames: WsFrame[] = [];
  private waiters: Array<{ match: (f: WsFrame) => boolean; resolve: (f: WsFrame) => void }> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as WsFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.match(frame) ? (w.resolve(frame), false) : true));
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      const client = new TestSocket(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** The first frame (already received or still to come) that matches. */
  next(match: (f: WsFrame) => boolean, timeoutMs = 10_000): Promise<WsFrame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)), timeoutMs);
      this.waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.close();
  }
}
