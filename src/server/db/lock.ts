/**
 * A single-writer lock on the embedded database folder: two processes writing one PGlite folder
 * would corrupt it, so the second is refused. A lock must never outlive its process: a server that
 * was killed (SIGKILL, the OOM killer, a container stopped) starts again on its folder without anyone
 * deleting a file — also as a container's PID 1, where the new process has the dead one's pid.
 *
 * - The lock is the operating system's: an exclusive flock(2) on `<folder>/.lock`. Node has no flock
 *   of its own, so a small helper holds it for this process: `sh` opening the file, `flock -n`
 *   (util-linux, or busybox's) locking it, then `cat` reading a pipe from this process. However this
 *   process ends, the kernel closes the pipe, `cat` exits and the lock goes with it: nothing is left
 *   for anyone to judge stale. The helper is detached from the terminal, so a Ctrl-C reaches only
 *   the server, which shuts down and then lets it go.
 * - The file holds the owner's pid and the time its process started (Linux), to name the owner in
 *   the refusal — and to decide alone where there is no `flock` command (macOS, a stripped image):
 *   the file is then created exclusively, and one left behind is stale when it names this very pid
 *   (a restarted PID 1), a pid that no longer runs, or one whose process started at another time.
 * - A lock that is busy is tried again for a few seconds before the refusal: the helper of a process
 *   killed a moment ago needs that moment to see its pipe close.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';

export interface FolderLock {
  /** Lets the folder go; resolves once another process may take it. */
  release(): Promise<void>;
}

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number | null,
  ) {
    super(
      `The data folder ${folder} is already in use by another running server${pid === null ? '' : ` (pid ${pid})`}. ` +
        'Stop that process first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).',
    );
    this.name = 'FolderLockedError';
  }
}

export interface FolderLockOptions {
  /** How long a busy lock is tried again before the refusal (ms). */
  waitMs?: number;
  /** false: the lock file alone decides, as where no `flock` command exists (tests of that path). */
  useFlock?: boolean;
}

const RETRY_MS = 100;
/** The helper's exit codes: the lock is held by another process; there is no flock command. */
const BUSY = 75;
const NO_FLOCK = 127;
const HELPER = [
  'command -v flock >/dev/null 2>&1 || exit 127',
  'exec 9>>"$1" || exit 1',
  `flock -n -x 9 || exit ${BUSY}`,
  'echo locked',
  'exec cat >/dev/null',
].join('\n');

/** What the lock file says: `<pid> <start time>` (the start time in clock ticks since boot; absent off Linux). */
interface Owner {
  pid: number;
  started: string | null;
}

/** The start time of process `pid` (field 22 of /proc/<pid>/stat), or null where it cannot be read. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readOwner(file: string): Owner | null {
  try {
    const [pid, started] = fs.readFileSync(file, 'utf8').trim().split(/\s+/);
    const owner = Number.parseInt(pid ?? '', 10);
    return Number.isInteger(owner) && owner > 0 ? { pid: owner, started: started ?? null } : null;
  } catch {
    return null;
  }
}

const ownLine = () => `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim() + '\n';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a lock file's owner can still be running: not this process, alive, and the same process that wrote it. */
function ownerAlive(owner: Owner): boolean {
  if (owner.pid === process.pid || !isRunning(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || owner.started === started;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt = { held: FolderLock } | { busy: true } | { noFlock: true };

/** One try with the helper: it holds the lock, or the lock is busy, or this machine has no flock. */
function tryFlock(file: string): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const helper = spawn('sh', ['-c', HELPER, 'folder-lock', file], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let out = '';
    let err = '';
    const exited = new Promise<void>((done) => helper.once('close', () => done()));
    helper.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('locked\n')) return;
      helper.stdout.removeAllListeners('data');
      helper.removeAllListeners('exit');
      // Held: the helper and its pipes must not keep this process alive, nor die with its terminal.
      helper.unref();
      for (const stream of [helper.stdin, helper.stdout, helper.stderr]) if (stream instanceof Socket) stream.unref();
      let released: Promise<void> | null = null;
      resolve({
        held: {
          release() {
            released ??= (async () => {
              helper.stdin.end();
              helper.kill('SIGKILL');
              await exited;
            })();
            return released;
          },
        },
      });
    });
    helper.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // No sh at all: the lock file alone decides, as without flock.
    helper.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve({ noFlock: true }) : reject(error)));
    helper.once('exit', (code) => {
      if (code === BUSY) resolve({ busy: true });
      else if (code === NO_FLOCK) resolve({ noFlock: true });
      else reject(new Error(`Could not lock ${file} (exit ${code}): ${err.trim()}`));
    });
  });
}

/** One try with the lock file alone: created exclusively; one whose owner is gone is taken over. */
function tryFile(file: string): Attempt {
  try {
    fs.writeFileSync(file, ownLine(), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = readOwner(file);
    if (owner && ownerAlive(owner)) return { busy: true };
    // Left by a process that is gone (or by this pid's previous life): take it over.
    fs.rmSync(file, { force: true });
    return tryFile(file);
  }
  let released = false;
  return {
    held: {
      async release() {
        if (released) return;
        released = true;
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      },
    },
  };
}

/** Takes the folder's lock, or throws FolderLockedError once it stayed busy for `waitMs`. */
export async function acquireFolderLock(folder: string, options: FolderLockOptions = {}): Promise<FolderLock> {
  const file = path.join(folder, '.lock');
  const deadline = Date.now() + (options.waitMs ?? 5_000);
  let useFlock = options.useFlock ?? true;
  for (;;) {
    const attempt = useFlock ? await tryFlock(file) : tryFile(file);
    if ('held' in attempt) {
      // Under flock the file only names the owner: written once the lock is held.
      if (useFlock) fs.writeFileSync(file, ownLine());
      return attempt.held;
    }
    if ('noFlock' in attempt) {
      useFlock = false;
      continue;
    }
    if (Date.now() >= deadline) throw new FolderLockedError(folder, readOwner(file)?.pid ?? null);
    await pause(RETRY_MS);
  }
}
