// One server per state directory: a lock file naming the process that holds
// it. A lock left by a process that is gone (killed, crashed) is taken over;
// one held by a live process refuses, naming it.

import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCK_FILE = 'murmur.lock';

interface LockRecord {
  pid: number;
  startedAt: string;
}

/** The directory is held by another live process. */
export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: number,
    startedAt: string | undefined,
  ) {
    super(
      `${dir} is in use by process ${holder}${startedAt ? ` (since ${startedAt})` : ''}: ` +
        'stop that server first, or give this one another --state directory (or --memory)',
    );
    this.name = 'DirectoryLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function holderOf(path: string): Promise<LockRecord | null> {
  try {
    const record = JSON.parse(await readFile(path, 'utf8')) as Partial<LockRecord>;
    return Number.isSafeInteger(record.pid) && (record.pid ?? 0) > 0
      ? { pid: record.pid!, startedAt: String(record.startedAt ?? '') }
      : null;
  } catch {
    return null; // unreadable or half written: its writer died before finishing it
  }
}

export interface DirectoryLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Takes `dir`'s lock for this process, or throws a DirectoryLockedError naming its live holder. */
export async function lockDirectory(dir: string): Promise<DirectoryLock> {
  const path = join(dir, LOCK_FILE);
  const record: LockRecord = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const file = await open(path, 'wx');
      try {
        await file.writeFile(`${JSON.stringify(record)}\n`);
        await file.sync();
      } finally {
        await file.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const holder = await holderOf(path);
      // This process counts as a live holder too: two servers in one process must not share a directory either.
      if (holder && alive(holder.pid)) throw new DirectoryLockedError(dir, holder.pid, holder.startedAt);
      await unlink(path).catch(() => undefined); // a dead process's lock: taken over
    }
  }
  return {
    path,
    async release() {
      const holder = await holderOf(path);
      if (holder?.pid === process.pid) await unlink(path).catch(() => undefined);
    },
  };
}
