/**
 * MAX_CONNECTIONS (src/server/config.ts): the real server process holds at most that many connections;
 * one more is closed as it arrives, and the server keeps answering the connections it holds, its
 * database included. Once one closes, a new connection is served again. (At 25,000 players on an
 * open-file limit of 20,000 the unbounded server ran out of descriptors and its database could not
 * open its files: every game-flow step failed. bench/README.md.)
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processDatabase, startServerProcess, type ProcessDatabase, type ServerProcess } from '../support/server-process';

const MAX = 3;

let database: ProcessDatabase;
let server: ServerProcess;
const held: net.Socket[] = [];

/** A keep-alive connection that stays open until the test closes it. */
async function connect(): Promise<net.Socket> {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Sends GET /readyz (the process answers and its database too) on `socket`; the response, or how the connection ended. */
function readyOn(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (/\r\n\r\n[\s\S]*\}/.test(text)) done(text.split('\r\n')[0]!);
    };
    const done = (result: string) => {
      socket.off('data', onData);
      resolve(result);
    };
    socket.on('data', onData);
    socket.once('close', () => done(text ? text.split('\r\n')[0]! : 'closed'));
    socket.once('error', () => done('closed'));
    socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

beforeAll(async () => {
  database = await processDatabase('lt-max-connections-');
  server = await startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env: { MAX_CONNECTIONS: String(MAX) } });
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await database?.remove();
});

describe('MAX_CONNECTIONS', () => {
  it('closes a connection beyond the bound as it arrives, while the ones it holds are served, database included', async () => {
    for (let i = 0; i < MAX; i += 1) held.push(await connect());
    for (const socket of held) expect(await readyOn(socket)).toBe('HTTP/1.1 200 OK');

    const extra = await connect();
    expect(await readyOn(extra)).toBe('closed');

    // The held connections still work, and so does the database behind them.
    expect(await readyOn(held[0]!)).toBe('HTTP/1.1 200 OK');

    // One leaves: a new connection is served again.
    held.shift()!.destroy();
    await expect.poll(async () => readyOn(await connect().then((socket) => (held.push(socket), socket))), { timeout: 10_000 }).toBe('HTTP/1.1 200 OK');
  });
});
