/**
 * A lean HTTP/1.1 client for the benchmark's load processes: JSON POSTs over a fixed set of
 * keep-alive connections, each request written as one prebuilt string and each response parsed by
 * its Content-Length. Node's own client (http.Agent, ClientRequest, IncomingMessage) costs the load
 * processes several times the CPU per request, and they share the machine's cores with the server
 * being measured — like wrk or autocannon, the load generator should take as little as it can.
 * The server sees ordinary requests (same method, path, headers and body as the bots send).
 * Plain http: only; one request in flight per connection (no pipelining).
 */
import net from 'node:net';

export interface JsonEnvelope {
  code: number;
  message: string;
  data: any;
}

interface Pending {
  request: string;
  path: string;
  resolve: (envelope: JsonEnvelope) => void;
  reject: (error: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

class Connection {
  private socket: net.Socket | null = null;
  private current: Pending | null = null;
  private buffer: Buffer = Buffer.alloc(0);

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly onFree: (connection: Connection) => void,
  ) {}

  get busy(): boolean {
    return this.current !== null;
  }

  /** Whether its socket is up (not yet opened, or closed by either side: false). */
  get connected(): boolean {
    return this.socket !== null && !this.socket.destroyed;
  }

  send(pending: Pending): void {
    this.current = pending;
    if (!this.socket || this.socket.destroyed) this.open();
    this.socket!.write(pending.request);
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): void {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (error: Error) => {
      if (this.socket === socket) this.socket = null;
      const pending = this.current;
      this.current = null;
      pending?.reject(error);
      if (pending) this.onFree(this);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headerEnd = this.buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headerEnd);
    const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const pending = this.current;
    if (!match) {
      this.current = null;
      this.close();
      pending?.reject(new Error(`no Content-Length in the response to ${pending.path}: ${head.split('\r\n')[0]}`));
      if (pending) this.onFree(this);
      return;
    }
    const end = headerEnd + HEADER_END.length + Number(match[1]);
    if (this.buffer.length < end) return;
    const body = this.buffer.toString('utf8', headerEnd + HEADER_END.length, end);
    this.buffer = this.buffer.subarray(end);
    this.current = null;
    if (pending) {
      try {
        pending.resolve(JSON.parse(body) as JsonEnvelope);
      } catch (error) {
        pending.reject(new Error(`${head.split('\r\n')[0]} from ${pending.path}: ${(error as Error).message}`));
      }
    }
    this.onFree(this);
  }
}

export class RawHttpPool {
  private readonly idle: Connection[] = [];
  private readonly queue: Pending[] = [];
  private queueHead = 0;
  private readonly hostHeader: string;
  private readonly connections: Connection[] = [];

  constructor(url: string, size: number) {
    const base = new URL(url);
    if (base.protocol !== 'http:') throw new Error(`RawHttpPool speaks plain http only, not ${base.protocol}`);
    this.hostHeader = base.host;
    const port = Number(base.port || 80);
    for (let i = 0; i < size; i += 1) {
      const connection = new Connection(base.hostname, port, (c) => this.free(c));
      this.connections.push(connection);
      this.idle.push(connection);
    }
  }

  /** A JSON POST; resolves with the envelope (any HTTP status). */
  post = (path: string, body: unknown, token?: string): Promise<JsonEnvelope> => {
    const payload = JSON.stringify(body);
    const request =
      `POST ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\nContent-Type: application/json\r\n` +
      (token ? `Authorization: Bearer ${token}\r\n` : '') +
      `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
    return new Promise((resolve, reject) => {
      const pending = { request, path, resolve, reject };
      const connection = this.idle.pop();
      if (connection) connection.send(pending);
      else this.queue.push(pending);
    });
  };

  /** Connections whose socket is up (a tool for tests: one the server closed counts once the pool saw it). */
  get openConnections(): number {
    return this.connections.filter((connection) => connection.connected).length;
  }

  close(): void {
    for (const connection of this.connections) connection.close();
    for (let i = this.queueHead; i < this.queue.length; i += 1) this.queue[i]!.reject(new Error('pool closed'));
    this.queue.length = 0;
    this.queueHead = 0;
  }

  private free(connection: Connection): void {
    if (this.queueHead < this.queue.length) {
      const next = this.queue[this.queueHead]!;
      this.queueHead += 1;
      if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
        this.queue.splice(0, this.queueHead);
        this.queueHead = 0;
      }
      connection.send(next);
    } else if (!connection.busy) this.idle.push(connection);
  }
}
