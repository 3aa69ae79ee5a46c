// IndexedDB access for the demo data: one database, three object stores, and
// promise helpers that resolve only when a transaction has committed.

export const DB_NAME = 'murmur';
const DB_VERSION = 1;

/** The core's state, under the keys `head` and `current`. */
export const STATE_STORE = 'state';
/** Uploaded images, by media id (`m-01`). */
export const MEDIA_STORE = 'media';
/** Saved states that could not be read, kept aside with the reason. */
export const QUARANTINE_STORE = 'quarantine';

export function openDatabase(name = DB_NAME, factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of [STATE_STORE, MEDIA_STORE]) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
      }
      if (!db.objectStoreNames.contains(QUARANTINE_STORE)) {
        db.createObjectStore(QUARANTINE_STORE, { autoIncrement: true });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab on an older version'));
  });
}

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Resolves once the transaction has committed; rejects with its error (for
 * example a `QuotaExceededError`) when it aborts. A failed request aborts its
 * transaction with that request's error, so `onabort` sees every failure.
 */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
}
