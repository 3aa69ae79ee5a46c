// Files written whole or not at all, for the HTTP server's state directory:
// a crash in the middle leaves the previous file, never half of the new one.

import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';

/** Flushes a directory's entries (a file created or renamed in it). */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `path` through a temporary file, flushed, renamed over it, and the directory flushed. */
export async function writeDurably(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
  await syncDir(join(path, '..'));
}
