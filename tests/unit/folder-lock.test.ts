/**
 * The embedded database folder's lock (src/server/db/lock.ts), by itself: a second holder is refused
 * with the first's pid; a holder that is killed leaves the folder free without anyone deleting a file;
 * and where there is no flock command the lock file alone decides, taking over a file that names this
 * very pid (a container's PID 1 restarted), a pid gone, or a pid now running another process.
 * The real server as PID 1 of a PID namespace is tests/api/crash-durability.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderLockedError, type FolderLock } from '@/server/db/lock';

const root = fileURLToPath(new URL('../..', import.meta.url));
const folders: string[] = [];
const held: FolderLock[] = [];
const children: ChildProcess[] = [];

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-folder-lock-'));
  folders.push(dir);
  return dir;
}

async function take(dir: string, options: Parameters<typeof acquireFolderLock>[1] = {}): Promise<FolderLock> {
  const lock = await acquireFolderLock(dir, options);
  held.push(lock);
  return lock;
}

/** Resolves with the error the acquisition rejected with (fails when it resolves). */
async function refusal(dir: string, options: Parameters<typeof acquireFolderLock>[1] = {}): Promise<FolderLockedError> {
  const lock = await acquireFolderLock(dir, options).then(
    (taken) => taken,
    (error: unknown) => error,
  );
  if (!(lock instanceof FolderLockedError)) {
    if (lock && typeof (lock as FolderLock).release === 'function') await (lock as FolderLock).release();
    throw new Error(`expected a refusal, got ${String(lock)}`);
  }
  return lock;
}

const exitOf = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

afterEach(async () => {
  for (const lock of held.splice(0)) await lock.release();
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exitOf(child);
  }
});
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the folder lock (flock, held by a helper of this process)', () => {
  it('refuses a second holder, naming the first, until the first lets go', async () => {
    const dir = folder();
    const first = await take(dir);
    const refused = await refusal(dir, { waitMs: 300 });
    expect(refused.pid).toBe(process.pid);
    expect(refused.message).toContain(`already in use by another running server (pid ${process.pid})`);
    await first.release();
    await take(dir, { waitMs: 0 });
  });

  it('is free once a holder is SIGKILLed, the file naming it still there', async () => {
    const dir = folder();
    const lockModule = path.join(root, 'src/server/db/lock.ts');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `const { acquireFolderLock } = await import(${JSON.stringify(lockModule)}); await acquireFolderLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 60_000);`],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
      child.once('exit', (code) => reject(new Error(`the holder exited (${code}) before holding`)));
    });
    expect((await refusal(dir, { waitMs: 0 })).pid).toBe(child.pid);

    child.kill('SIGKILL');
    await exitOf(child);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toMatch(new RegExp(`^${child.pid}\\b`));
    await take(dir);
  });
});

describe('the lock file alone (no flock command)', () => {
  const FILE_ONLY = { useFlock: false, waitMs: 0 };

  it('takes over a file naming this very pid: a container restarted, its new PID 1 the old one\'s pid', async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, '.lock'), `${process.pid}\n`);
    const lock = await take(dir, FILE_ONLY);
    await lock.release();
    expect(fs.existsSync(path.join(dir, '.lock')), 'released: the file goes').toBe(false);
  });

  it('takes over a file naming a pid that no longer runs', async () => {
    const dir = folder();
    const gone = spawn(process.execPath, ['-e', '0']);
    await exitOf(gone);
    fs.writeFileSync(path.join(dir, '.lock'), `${gone.pid}\n`);
    await take(dir, FILE_ONLY);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
  });

  it('refuses a file naming a running process; takes it over when that pid started at another time than written', async () => {
    const dir = folder();
    const other = spawn('sleep', ['60']);
    children.push(other);
    fs.writeFileSync(path.join(dir, '.lock'), `${other.pid}\n`);
    expect((await refusal(dir, FILE_ONLY)).pid).toBe(other.pid);
    // The same pid, but the process that wrote the file started at tick 1: not this one.
    fs.writeFileSync(path.join(dir, '.lock'), `${other.pid} 1\n`);
    await take(dir, FILE_ONLY);
  });
});
