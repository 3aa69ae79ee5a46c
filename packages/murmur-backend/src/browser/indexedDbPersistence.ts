// Opens the demo data's storage in a browser and wraps the core in it.
//
// How it fits together:
// - IndexedDB `murmur` (version 2): `state` holds `current` (../persistence/format.ts:
//   {format, version, revision, stamp, savedAt, snapshot}, the last snapshot
//   saved in full) and `head` (the revision and stamp of the latest save);
//   `journal` holds the writes since `current`, by revision (../persistence/format.ts:
//   JournalEntry: the request, the clock it was answered at, and the stamp of
//   the save it follows); `media` holds uploads by id; `quarantine` keeps
//   unreadable saved states. A version-1 database (no journal) is upgraded in
//   place and its state loads as it is.
// - A request runs at an explicit clock (`handleAt`), and one the core says
//   `changed` the state is appended to the journal, holding the Web Lock
//   `murmur-state`, in one transaction that re-checks the head (another tab
//   saved first: the change is undone, that save loaded, and the request run
//   again); its response goes out only once that transaction has committed.
//   A read, a sign-in or a refusal changes nothing and is not saved. The
//   first save, a reset, and a compaction every IDB_COMPACT_EVERY entries (in
//   the background, holding the lock) save the snapshot in full and empty
//   the journal (../persistence/persistentBackend.ts and the parts beside it).
// - Loading a save (start-up, another tab's): the snapshot, then the journal
//   replayed on it at the recorded clocks, which gives the same state (the
//   core's salt generator is in the snapshot). A journal with a gap or a stray
//   entry loads up to there and the head is repaired; one that does not
//   replay is quarantined like an unreadable state.
// - After a save the tab posts {revision} on BroadcastChannel `murmur`; the
//   others replay the journal entries after their own revision (or read the
//   whole state once a compaction has dropped those) and dispatch
//   `murmur:data-changed` on window, which features/demo-data/useDataSync
//   answers by reading everything again. Without a channel, each write reads
//   the head first.
// - Every transaction has a deadline, and so has the wait for the lock (then
//   it is stolen): nothing waits forever on a save that never settles. A
//   connection the browser closed is reopened; storage that stays unusable
//   leaves the tab running in memory, with a notice (`murmur:backend-notice`).
// - Uploads are stored as bytes (ArrayBuffer), never as Blobs (WebKit's
//   ephemeral storage cannot store a Blob), and checked by their magic number.
// - Uploads, `/media/<id>`, `POST <base>__murmur/reset` and the backup
//   routes (`GET <base>__murmur/backup`, `POST <base>__murmur/restore`; the
//   file's format and checks: ../persistence/backup.ts) are answered by the msw handlers
//   in ../core/mediaRoutes.ts, in JavaScript, ahead of the core. A restore is saved in
//   full, like a reset, and the other tabs load it as they load any save.
// - A state saved on this device leaves a mark outside IndexedDB
//   (../persistence/savedMarker.ts): found again with storage empty, start-up says once
//   that the browser cleared the data (STORAGE_CLEARED).

import { openDatabase } from '../persistence/indexedDb.js';
import { browserLocks } from '../persistence/locks.js';
import { PersistentBackend, type SnapshotCore } from '../persistence/persistentBackend.js';
import {
  BACKEND_NOTICE_EVENT,
  CHANNEL_NAME,
  DATA_CHANGED_EVENT,
  NOT_PERSISTENT,
  STORAGE_LOST,
  type DataChangedDetail,
} from '../persistence/constants.js';
import { browserMarker, lossNotices, type SavedMarker } from '../persistence/savedMarker.js';
import { MemoryStateStore, type StateStore } from '../persistence/store.js';
import { IdbStateStore } from '../persistence/idbStateStore.js';

export { createPersistenceHandlers } from '../core/mediaRoutes.js';

/**
 * Where the backend tells the page about itself: its window events
 * (`murmur:data-changed`, `murmur:backend-notice`) and the saved-state mark
 * (a cookie and localStorage). In the page, the window and the browser's
 * marker; in the backend's worker (./backendWorker.ts), messages to the page,
 * which has both.
 */
export interface PageSide {
  dispatch(name: string, detail: unknown): void;
  marker: SavedMarker;
}

/** The page's own side: its window and the browser's marker. */
export function inPage(): PageSide {
  return {
    dispatch: (name, detail) => window.dispatchEvent(new CustomEvent(name, { detail })),
    marker: browserMarker(),
  };
}
export { PersistentBackend } from '../persistence/persistentBackend.js';

/**
 * Restores the saved demo data into `core` and returns the backend that
 * keeps saving it, with any notices for the user. Never rejects because of
 * storage: without IndexedDB the app runs in memory and says so. `core` may
 * still be loading: the database opens meanwhile (on a phone the wasm's
 * download is the longer wait).
 */
export async function startPersistence(
  core: SnapshotCore | Promise<SnapshotCore>,
  page: PageSide = inPage(),
): Promise<{ backend: PersistentBackend; notices: string[] }> {
  const notices: string[] = [];
  const { marker } = page;
  const opening = openDatabase().then(
    (database) => ({ database, store: new IdbStateStore(database, { reopen: () => openDatabase() }) as StateStore }),
    (error: unknown) => {
      console.warn('Murmur: IndexedDB is not available', error);
      notices.push(NOT_PERSISTENT);
      return { database: null, store: new MemoryStateStore() as StateStore };
    },
  );
  let ready: SnapshotCore;
  try {
    ready = await core;
  } catch (error) {
    // No backend after all: the connection is not kept open.
    void opening.then(({ database }) => database?.close());
    throw error;
  }
  const { store } = await opening;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  const started = await PersistentBackend.start({
    core: ready,
    store,
    locks: browserLocks(),
    channel,
    onExternalChange(revision) {
      const detail: DataChangedDetail = { revision };
      page.dispatch(DATA_CHANGED_EVENT, detail);
    },
    onNotice(message) {
      page.dispatch(BACKEND_NOTICE_EVENT, message);
    },
    onSaved: () => marker.mark(),
  });
  // Storage that could not be read at all says so itself; it is no evidence of a loss.
  const readable = notices.length === 0 && !started.notices.includes(STORAGE_LOST);
  const lost = readable ? lossNotices(started.backend.foundSavedState, marker) : [];
  return { backend: started.backend, notices: [...notices, ...started.notices, ...lost] };
}
