/**
 * HTTP/1.1 over a plain socket, for what inject() cannot show: what happens to the connection after an
 * answer. A test writes a request (all at once, or in pieces it times itself), reads the answer, and
 * then sees whether the server closed the connection or serves the next request on it. Errors of the
 * socket (a server that closes while the body is still being written) are kept, never thrown.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** How long "promptly" is: an answer, or the end of a closed connection, later than this is a hang. */
export const PROMPT_MS = 5_000;

export class RawConnection {
  private received = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  /** When the server ended or closed the connection (ms since it opened), or null while open. */
  endedAt: number | null = null;
  readonly opened = performance.now();

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    const ended = () => {
      this.endedAt ??= performance.now() - this.opened;
      this.wake();
    };
    socket.on('end', ended);
    socket.on('close', ended);
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves when `ready()` holds (checked on every byte received and at the end), or after `ms` with false. */
  private until(ready: () => boolean, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (ready()) return done(true);
        if (this.endedAt !== null) return done(ready());
        this.waiters.push(check);
      };
      const timer = setTimeout(() => done(false), ms);
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        resolve(value);
      };
      check();
    });
  }

  /** Writes; a write to a connection the server already closed is dropped. */
  write(bytes: Buffer | string): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed || !this.socket.writable) return resolve();
      this.socket.write(bytes, () => resolve());
    });
  }

  /** The next complete answer, or null when none came within `ms` (or the connection ended first). */
  async answer(ms = PROMPT_MS): Promise<RawAnswer | null> {
    let parsed: { answer: RawAnswer; length: number } | null = null;
    await this.until(() => (parsed = parseAnswer(this.received)) !== null, ms);
    if (!parsed) return null;
    const { answer, length } = parsed as { answer: RawAnswer; length: number };
    this.received = this.received.subarray(length);
    return answer;
  }

  /** Whether the server ends the connection within `ms`. */
  ends(ms = PROMPT_MS): Promise<boolean> {
    return this.until(() => this.endedAt !== null, ms);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function parseAnswer(bytes: Buffer): { answer: RawAnswer; length: number } | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  if (bytes.length < headEnd + 4 + length) return null;
  const status = Number(statusLine?.split(' ')[1]);
  return { answer: { status, headers, body: bytes.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') }, length: headEnd + 4 + length };
}

/** A request's head: POST with the given headers and Content-Length; keep-alive (HTTP/1.1's default). */
export function requestHead(url: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** The app listening on a free port of 127.0.0.1 (once), and the server side of each connection as it opens. */
export async function listening(app: FastifyInstance): Promise<{ port: number; serverSocket: () => net.Socket | null }> {
  let last: net.Socket | null = null;
  app.server.on('connection', (socket: net.Socket) => (last = socket));
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, serverSocket: () => last };
}

/**
 * What became of a connection after a refusal: closed (`Connection: close` and the socket ended
 * promptly) or reused (the next request on it answered promptly). Anything else — a close without
 * the header, or a connection left waiting — is the problem, described.
 */
export async function connectionAfter(connection: RawConnection, answer: RawAnswer, next: string): Promise<{ closed: boolean; problem: string | null }> {
  const closes = /\bclose\b/i.test(answer.headers.connection ?? '');
  if (closes) {
    const started = performance.now();
    return (await connection.ends()) ? { closed: true, problem: null } : { closed: true, problem: `Connection: close, but still open after ${Math.round(performance.now() - started)} ms` };
  }
  if (connection.endedAt !== null) return { closed: true, problem: 'closed without Connection: close' };
  await connection.write(next);
  const again = await connection.answer();
  if (!again) return { closed: false, problem: `kept open, but the next request on it had no answer within ${PROMPT_MS} ms` };
  return { closed: false, problem: again.status >= 500 ? `the next request on it answered ${again.status}` : null };
}
