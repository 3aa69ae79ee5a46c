// `--seed FILE` (and `seedFile` from JavaScript): the data every state of the
// HTTP server starts from, read from a JSON file: a seed `{users, follows,
// posts}`, a `{snapshot}` (`core.exportSnapshot()` inside), or a backup file
// from the Your data page, whose images come along; or an app's fixtures as
// a JavaScript module (./seedModule.ts). The core checks what it holds when
// it imports it.

import { readFile } from 'node:fs/promises';
import type { LoadableSeed } from '../core/seed.js';
import { isRecord } from '../json.js';
import { BACKUP_FORMAT, BackupError, readBackup } from '../persistence/backup.js';
import type { MediaRecord } from '../persistence/store.js';

/** A seed, and the images that belong to it (a backup file's). */
export interface SeedWithMedia {
  seed: LoadableSeed;
  media: readonly MediaRecord[];
}

/** A seed file that cannot be read, or is not one of the three forms: `reason` says what to change. */
export class SeedFileError extends Error {
  override name = 'SeedFileError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`seed file ${path}: ${reason}`);
  }
}

const FORMS = 'give a seed {users, follows, posts}, a {snapshot}, or a backup file';

export async function readSeedFile(path: string): Promise<SeedWithMedia> {
  const fixtures = await import('./seedModule.js');
  if (fixtures.isSeedModule(path)) return { seed: (await fixtures.seedFromModule(path)) as LoadableSeed, media: [] };
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SeedFileError(path, `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SeedFileError(path, `not JSON; ${FORMS}`);
  }
  if (!isRecord(parsed)) throw new SeedFileError(path, FORMS);
  if (parsed.format === BACKUP_FORMAT) {
    try {
      const { snapshot, media } = await readBackup(text);
      return { seed: { snapshot }, media };
    } catch (error) {
      throw new SeedFileError(path, error instanceof BackupError ? error.message : String(error));
    }
  }
  if ('snapshot' in parsed) {
    // Kept as text: the core parses it at each import (a reset, a new sandbox).
    const { snapshot } = parsed;
    return { seed: { snapshot: typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot) }, media: [] };
  }
  if ('users' in parsed) return { seed: parsed as unknown as LoadableSeed, media: [] };
  throw new SeedFileError(path, FORMS);
}
