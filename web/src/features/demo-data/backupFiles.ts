// The app's side of backups: the file is made and restored by the in-browser
// backend's msw handlers (packages/murmur-backend/src/core/mediaRoutes.ts,
// the format in src/persistence/backup.ts); a picked file is read and checked here first,
// so the person sees what it holds before anything changes.

import { backupFileName, BACKUP_PATH, readBackup, RESTORE_PATH, type BackupSummary } from '@murmur/backend/protocol';
import { ApiError, backendRequest } from '../../lib/api';
import { backendFetch } from '../../lib/backendGate';

export { readBackup, type BackupSummary };

const backendUrl = (path: string) => new URL(`${import.meta.env.BASE_URL}${path}`, window.location.href);

export interface BackupDownload {
  name: string;
  /** An object URL of the file: revoke it when done. */
  url: string;
  bytes: number;
}

/** The backup of the data as it is saved now, as a file to save. */
export async function makeBackup(): Promise<BackupDownload> {
  const response = await backendFetch(backendUrl(BACKUP_PATH)).catch(() => null);
  if (!response?.ok) {
    const body = (await response?.json().catch(() => null)) as { errors?: string[] } | null;
    throw new ApiError(response?.status ?? 0, body?.errors?.[0] ?? 'The backup could not be made. Try again.');
  }
  const blob = await response.blob();
  return { name: backupFileName(), url: URL.createObjectURL(blob), bytes: blob.size };
}

/** Replaces the data with the backup's, in every open tab; throws an ApiError saying why a file was refused. */
export async function restoreBackup(file: Blob): Promise<BackupSummary> {
  const answer = await backendRequest<{ restored: BackupSummary }>(backendUrl(RESTORE_PATH), {
    method: 'POST',
    body: file,
  });
  return answer.restored;
}
