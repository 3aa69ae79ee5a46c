// Names of files in the HTTP server's state directory, in a module of its
// own: the command looks for them before it loads the store (fileStore.ts).

/** The last snapshot saved in full (fileStore.ts). */
export const STATE_FILE = 'state.json';

/**
 * The SHA-256 of the `{snapshot}` seed file the core imported when the state
 * was made: a restart with the same file does not parse it again.
 */
export const SEED_DIGEST_FILE = 'seed.sha256';
