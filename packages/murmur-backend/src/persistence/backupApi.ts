// `exportBackup` / `importBackup` on what startMurmurBackend resolves with:
// the demo data as one file, and back (the file: ./backup.ts).

import { backupFileName, type BackupSummary } from './backup.js';
import type { PersistentBackend } from './persistentBackend.js';

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

export function backupApi(backend: PersistentBackend): MurmurBackupApi {
  return {
    exportBackup: async () => new File([await backend.exportBackup()], backupFileName(), { type: 'application/json' }),
    importBackup: (file) => backend.importBackup(file),
  };
}
