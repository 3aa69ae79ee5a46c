// Names of files in the HTTP server's state directory, and the digest they
// record, in a module of its own: the command looks for them before it loads
// the store (fileStore.ts).
import { createHash } from 'node:crypto';

/** The last snapshot saved in full (fileStore.ts). */
export const STATE_FILE = 'state.json';

/**
 * The SHA-256 of the `{snapshot}` seed file the core imported when the state
 * was made: a restart with the same file does not parse it again.
 */
export const SEED_DIGEST_FILE = 'seed.sha256';

/** The SHA-256 of a text (its UTF-8 bytes) or of bytes, in hex: what state.json and seed.sha256 record. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
