/**
 * The server as an operator starts it: a real process on the embedded database. The first start prints
 * the generated admin password once; a second process on the same data folder refuses to start with a
 * clear message; SIGTERM shuts down gracefully; a restart keeps the data (and prints no new password).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { acquireFolderLock } from '@/server/db/lock';
import { admins } from '@/server/db/schema';
import { verifyPassword } from '@/server/lib/password';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Calls `heard` at each chunk of output and at the exit, until the returned function is called. */
  onOutput: (heard: () => void) => () => void;
  exited: Promise<number | null>;
}

function startServer(dataDir: string, port: number): Started {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  // One process (no tsx wrapper), so the pid in the lock and the signals are the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const heard = (chunk?: Buffer) => {
    if (chunk) text += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  child.stdout!.on('data', heard);
  child.stderr!.on('data', heard);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => heard());
  return {
    child,
    output: () => text,
    onOutput: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    exited,
  };
}

/** Resolves once the process has printed `text` (checked as its output arrives); fails if it exits first. */
function printed(started: Started, text: string, what: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stop();
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (started.output().includes(text)) finish();
      else if (started.child.exitCode !== null || started.child.signalCode !== null) finish(new Error(`the process exited before ${what}:\n${started.output()}`));
    };
    const timer = setTimeout(() => finish(new Error(`no ${what} within ${timeoutMs} ms:\n${started.output()}`)), timeoutMs);
    const stop = started.onOutput(check);
    check();
  });
}

describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-process-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, refuses a second process on the same folder, stops gracefully and keeps its data', async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    children.push(first.child);
    await printed(first, 'is running on', 'the first start');

    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password, first.output()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(first.output()).toContain('username: admin');
    // Nothing to worry a new user at start (the contract's response-only media types once warned here).
    expect(first.output(), 'no warning at a clean start').not.toMatch(/"level":(40|50|60)/);

    const res = await fetch(`http://127.0.0.1:${port}/api/admin/nothing`, { method: 'POST', headers: { Lang: 'zh-TW' } });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('找不到 POST /api/admin/nothing');

    const second = startServer(dataDir, await freePort());
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`already in use by another running server (pid ${first.child.pid})`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Let go with the process: the folder can be locked again at once, without waiting.
    await (await acquireFolderLock(path.join(dataDir, 'pglite'), { waitMs: 0 })).release();

    const again = startServer(dataDir, port);
    children.push(again.child);
    await printed(again, 'is running on', 'the restart');
    expect(again.output()).not.toContain('password:');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    // The admin created at the first start is still there, with the password the banner showed.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select().from(admins);
      expect(rows).toHaveLength(1);
      expect(await verifyPassword(rows[0]!.passwordHash, password!)).toBe(true);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('takes over a lock left by a process that was killed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-stale-'));
    try {
      const port = await freePort();
      const victim = startServer(dir, port);
      children.push(victim.child);
      await printed(victim, 'is running on', 'the start');
      victim.child.kill('SIGKILL');
      await victim.exited;
      // The file naming the victim stays behind; the lock itself went with the process.
      expect(fs.readFileSync(path.join(dir, 'pglite', '.lock'), 'utf8')).toMatch(new RegExp(`^${victim.child.pid}\\b`));
      const next = startServer(dir, port);
      children.push(next.child);
      await printed(next, 'is running on', 'the restart after SIGKILL');
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
