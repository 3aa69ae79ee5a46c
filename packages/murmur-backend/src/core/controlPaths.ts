// The paths under `<base>` that the backend answers in JavaScript beside the
// core's `/api` (./mediaRoutes.ts), shared with apps through
// `@murmur/backend/protocol`.

/**
 * `POST <base>__murmur/reset` puts the seed data back. It is answered by the
 * page's msw handlers in JavaScript (never by the core), outside `/api`.
 */
export const RESET_PATH = '__murmur/reset';

/**
 * `GET <base>__murmur/backup` answers the backup file of the data (../persistence/backup.ts);
 * `POST <base>__murmur/restore` with a backup file as its body replaces the
 * data with it, in every tab (200 `{"restored": summary}`, or 400/413
 * `{"errors": [message]}` and nothing changed). Answered in JavaScript, like the reset.
 */
export const BACKUP_PATH = '__murmur/backup';
export const RESTORE_PATH = '__murmur/restore';
