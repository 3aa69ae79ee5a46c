// When the journal is folded into a snapshot saved in full: after so many
// entries (each store's own number below), and at a clean shutdown. Loading
// a saved state replays its journal, one entry at a time, so a shorter
// journal is a faster start-up; saving in full exports and writes the whole
// state, so doing it less often keeps writes fast.

/** IndexedDB (a tab's state): journal entries after which the snapshot is saved in full. */
export const IDB_COMPACT_EVERY = 64;

/**
 * A state directory (the HTTP server's): journal entries after which the
 * snapshot is saved in full. Higher than a tab's: the server takes many more
 * writes, and it also compacts when it stops.
 */
export const FILE_COMPACT_EVERY = 512;
