// The name of the snapshot's file in the HTTP server's state directory
// (fileStore.ts writes it), in a module of its own: the command checks
// whether it is there before it loads the store.

export const STATE_FILE = 'state.json';
