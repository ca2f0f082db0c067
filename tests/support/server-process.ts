/**
 * The real server as a process (src/server/main.ts under node with tsx's loader, no wrapper, so a
 * signal reaches the server itself), for the tests that stop it from outside: SIGTERM, SIGKILL, a
 * restart on the same data. Also the database such a process runs on: a data folder whose PGlite
 * starts from the run's migrated dump, or — when DATABASE_URL is set — a PostgreSQL database of its
 * own (tests/support/app.ts), so the process never shares rows with another test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Db } from '@/server/db/client';
import type { DatabaseConfig } from '@/server/config';
import { createPostgresDatabase, dropPostgresDatabase, PGLITE_TEMPLATE_ENV, usingPostgres } from './app';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port free on 127.0.0.1 right now (for a server that must come back on the same port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  /** DATA_DIR: the PGlite folder is <dataDir>/pglite when no databaseUrl is given. */
  dataDir: string;
  /** DATABASE_URL of the process; null or absent: the embedded database (DATABASE_URL removed). */
  databaseUrl?: string | null;
  /** PORT; 0 (the default) lets the system choose. */
  port?: number;
  adminPassword?: string;
  /** More environment (LOG_LEVEL, SHUTDOWN_TIMEOUT_MS, …); undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** How long the start may take before it fails (ms). */
  timeoutMs?: number;
  /**
   * A command the server runs under, e.g. `['unshare', '--pid', '--fork', '--mount-proc']` to be a
   * container's PID 1: `child` is then that command's process, the server one of its children.
   */
  wrap?: string[];
}

/** Starts the server process and resolves once it says it is running (with the port it listens on). */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, PORT: String(options.port ?? 0), HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.adminPassword !== undefined) env.ADMIN_PASSWORD = options.adminPassword;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const [command, ...args] = [...(options.wrap ?? []), process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(command!, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // The port, read from the output as it arrives (each chunk, and the exit, checks again).
  const port = await new Promise<string>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      child.off('exit', check);
    };
    const fail = () => {
      stop();
      if (child.exitCode === null) child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${text}`));
    };
    function check() {
      const found = /is running on http:\/\/localhost:(\d+)/.exec(text)?.[1];
      if (found) {
        stop();
        resolve(found);
      } else if (child.exitCode !== null || child.signalCode !== null) fail();
    }
    const timer = setTimeout(fail, options.timeoutMs ?? 90_000);
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', check);
    check();
  });
  return { child, port: Number(port), base: `http://127.0.0.1:${port}`, output: () => text, exited };
}

/** Fills `<dataDir>/pglite` from the run's migrated dump (global-setup.ts), sparing the process a fresh initdb. */
export async function pgliteFromTemplate(dataDir: string): Promise<void> {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template || !fs.existsSync(template)) return;
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([fs.readFileSync(template)]) });
  await db.close();
}

export interface ProcessDatabase {
  dataDir: string;
  /** The PostgreSQL database of the process, or null on the embedded one. */
  databaseUrl: string | null;
  kind: 'postgres' | 'pglite';
  /** How the test opens the same database (only while no process holds the PGlite folder). */
  config: DatabaseConfig;
  /** Drops the PostgreSQL database and removes the data folder. */
  remove: () => Promise<void>;
}

/** A data folder and the database of the test pass (PostgreSQL when DATABASE_URL is set, else PGlite), both new. */
export async function processDatabase(prefix: string, { embedded = !usingPostgres } = {}): Promise<ProcessDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const databaseUrl = embedded ? null : await createPostgresDatabase();
  if (embedded) await pgliteFromTemplate(dataDir);
  return {
    dataDir,
    databaseUrl,
    kind: databaseUrl ? 'postgres' : 'pglite',
    config: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    async remove() {
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the process's database in the test, runs `work` on it and closes it. */
export async function withDatabase<T>(database: ProcessDatabase, work: (db: Db) => Promise<T>): Promise<T> {
  const opened = await openDatabase(database.config);
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}
