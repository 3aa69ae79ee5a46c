// What the app and the in-browser backend agree on, in a module with no
// dependencies: the app imports it without pulling in msw or the wasm chunk.

/** The IndexedDB database that holds the saved data (an app may check it is still there: `indexedDB.databases()`). */
export const DATABASE_NAME = 'murmur';

/** Dispatched on `window` when another tab's change (or a reset) was loaded. */
export const DATA_CHANGED_EVENT = 'murmur:data-changed';

/** Dispatched on `window` with a message for the user (`detail`: string) when the backend must tell them something. */
export const BACKEND_NOTICE_EVENT = 'murmur:backend-notice';

export interface DataChangedDetail {
  revision: number;
}

/** The BroadcastChannel the tabs tell each other about saves on. */
export const CHANNEL_NAME = 'murmur';

export const STORAGE_FULL =
  "Your browser's storage is full. Free some space and try again; nothing saved so far was lost.";
export const SAVE_FAILED = "Your change could not be saved in this browser's storage, so it was undone. Try again.";
export const RESTORED_FROM_SEED =
  'Your saved demo data could not be read, so Murmur started from the original demo data. The unreadable copy was kept aside.';
export const NOT_PERSISTENT = "This browser won't keep your changes: its storage (IndexedDB) is not available.";
export const STORAGE_LOST =
  "This browser's storage stopped working, so from now on your changes are kept in this tab only and will be gone after a reload.";
export const BACKEND_FAILED = 'Something went wrong in the demo backend. Reload the page and try again.';
export const STORAGE_CLEARED =
  "Your browser cleared Murmur's saved data on this device, so Murmur started from the original demo data. If you have a backup, restore it on the Your data page.";
