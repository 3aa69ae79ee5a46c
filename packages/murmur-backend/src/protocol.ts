// What an app and the backend agree on, with no dependencies: an app imports
// `@murmur/backend/protocol` without pulling in msw or the wasm.

export * from './persistence/constants.js';
export { BACKUP_PATH, RESET_PATH, RESTORE_PATH } from './core/controlPaths.js';
export { CLAIM_PAGE_MESSAGE } from './browser/workerProtocol.js';
export { imageTypeOf, SIGNATURE_BYTES, type ImageType } from './core/imageType.js';
export {
  BACKUP_FORMAT,
  BACKUP_MAX_BYTES,
  BACKUP_MESSAGES,
  BACKUP_VERSION,
  BackupError,
  backupFileName,
  readBackup,
  type BackupProblem,
  type BackupSummary,
} from './persistence/backup.js';
