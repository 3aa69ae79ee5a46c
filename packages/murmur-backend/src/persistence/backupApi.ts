// Backups of a backend: its state as a backup file (./backup.ts: the
// format and its checks) and a file's state put in its place, and the
// `exportBackup` / `importBackup` that startMurmurBackend resolves with.

import type { ApiResponse } from '../core/coreCall.js';
import { BACKUP_MESSAGES, BackupError, backupFileName, readBackup, writeBackup, type BackupSummary } from './backup.js';
import type { MediaRecord } from './store.js';

/** What backups need of a backend. */
export interface BackedUpState {
  /** The state as saved (with what other tabs saved since), and every stored upload. */
  savedState(): Promise<{ snapshot: string; media: MediaRecord[] }>;
  /**
   * Replaces the state with `snapshot` (checked by the core) and the uploads
   * with `media`, in every tab; rejects with the core's reason when it
   * refuses the state, and answers an error when the save fails.
   */
  replaceState(snapshot: string, media: readonly MediaRecord[]): Promise<ApiResponse & { message?: string }>;
}

/** The backup file of the data. */
export async function exportBackup(backend: BackedUpState): Promise<string> {
  const { snapshot, media } = await backend.savedState();
  return writeBackup(snapshot, media);
}

/**
 * Replaces the data with a backup's once the file has passed every check and
 * the core has accepted its state. Rejects with a BackupError naming what is
 * wrong (or an Error when the save failed), and then nothing has changed.
 */
export async function importBackup(backend: BackedUpState, file: Blob | string): Promise<BackupSummary> {
  const checked = await readBackup(file);
  let answer: Awaited<ReturnType<BackedUpState['replaceState']>>;
  try {
    answer = await backend.replaceState(checked.snapshot, checked.media);
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).replace(/^snapshot refused: /, '');
    throw new BackupError('state-refused', BACKUP_MESSAGES.stateRefused(why));
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(answer.message ?? `The backup could not be restored (${answer.status}).`);
  }
  return checked.summary;
}

export interface MurmurBackupApi {
  /**
   * The backup file of the data: every user, post and stored upload, as a
   * `File` named `murmur-backup-<date>.json` (`application/json`).
   */
  exportBackup(): Promise<File>;
  /**
   * Replaces the data, in this tab and every other open one, with a backup's
   * (a `File`/`Blob`, or its text). Resolves with what it held; rejects with
   * a `BackupError` saying what is wrong with the file (its `problem`:
   * `too-large`, `not-json`, `truncated`, `other-format`, `newer-version`,
   * `damaged`, `not-an-image`, `state-refused`), and then nothing changed.
   */
  importBackup(file: Blob | string): Promise<BackupSummary>;
}

export function backupApi(backend: BackedUpState): MurmurBackupApi {
  return {
    exportBackup: async () => new File([await exportBackup(backend)], backupFileName(), { type: 'application/json' }),
    importBackup: (file) => importBackup(backend, file),
  };
}
