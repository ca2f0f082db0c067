/**
 * A single-writer lock on the embedded database folder: a `.lock` file holding the owner's pid,
 * created exclusively. A lock left by a process that no longer runs (a crash, a SIGKILL) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface FolderLock {
  release(): void;
}

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${folder} is already in use by another running server (pid ${pid}). ` +
        'Stop that process first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).',
    );
    this.name = 'FolderLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireFolderLock(folder: string): FolderLock {
  const file = path.join(folder, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && isRunning(owner)) {
        throw new FolderLockedError(folder, owner);
      }
      // Stale lock from a process that died: take it over.
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${folder}`);
}
