// IndexedDB access for the demo data: one database, four object stores, and
// promise helpers that resolve only when a transaction has committed.

import { DATABASE_NAME } from './constants.js';

/** 1: state, media, quarantine. 2: the journal (a version-1 database is upgraded in place, its state kept). */
const DATABASE_VERSION = 2;

/** The core's state, under the keys `head` and `current`. */
export const STATE_STORE = 'state';
/** Uploaded images, by media id (`m-01`). */
export const MEDIA_STORE = 'media';
/** Saved states that could not be read, kept aside with the reason. */
export const QUARANTINE_STORE = 'quarantine';
/** The writes made since `current` was saved, by revision (format.ts: JournalEntry). */
export const JOURNAL_STORE = 'journal';

export function openDatabase(
  name = DATABASE_NAME,
  factory: IDBFactory = indexedDB,
  deadline = STORAGE_DEADLINE_MS,
): Promise<IDBDatabase> {
  const opened = new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      const database = request.result;
      for (const store of [STATE_STORE, MEDIA_STORE, JOURNAL_STORE]) {
        if (!database.objectStoreNames.contains(store)) database.createObjectStore(store);
      }
      if (!database.objectStoreNames.contains(QUARANTINE_STORE)) {
        database.createObjectStore(QUARANTINE_STORE, { autoIncrement: true });
      }
    };
    request.onsuccess = () => {
      const database = request.result;
      // A later build upgrading the database in another tab: let it, this tab reopens on its next operation.
      database.onversionchange = () => database.close();
      resolve(database);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab on an older version'));
  });
  return withDeadline(opened, deadline, 'Opening the demo data', () => {
    // Should it open after all, close it: nobody holds it.
    void opened.then(
      (database) => database.close(),
      () => undefined,
    );
  });
}

/**
 * How long any one storage transaction may take before it is given up. A
 * save of the 10,000-post state commits in well under a second; WebKit's
 * ephemeral storage, though, can leave a failed transaction with neither
 * `complete` nor `abort`, and nothing may wait on that forever.
 */
export const STORAGE_DEADLINE_MS = 5_000;

/** A transaction (or the lock) that did not settle in time. */
export class StorageTimeoutError extends Error {
  constructor(what: string) {
    super(`${what} did not finish in time`);
    this.name = 'StorageTimeoutError';
  }
}

/** Rejects with a StorageTimeoutError after `ms`, calling `onTimeout` first. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new StorageTimeoutError(what));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The request's result, or its error; given up (and its transaction aborted) after `deadline` ms. */
export function requestResult<T>(request: IDBRequest<T>, deadline = STORAGE_DEADLINE_MS): Promise<T> {
  const settled = new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    const tx = request.transaction;
    // A transaction aborted under the request (its connection closed) may fire no request event.
    if (tx)
      tx.addEventListener('abort', () =>
        reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError')),
      );
  });
  return withDeadline(settled, deadline, 'Reading the demo data', () => {
    if (request.transaction) abortQuietly(request.transaction);
  });
}

/**
 * Resolves once the transaction has committed; rejects with its error (for
 * example a `QuotaExceededError`) when it aborts. A failed request aborts its
 * transaction with that request's error, so `onabort` sees every failure.
 * A transaction that has done neither after `deadline` ms is aborted and
 * rejects with a StorageTimeoutError.
 */
export function committed(tx: IDBTransaction, deadline = STORAGE_DEADLINE_MS): Promise<void> {
  const settled = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
  return withDeadline(settled, deadline, 'Saving the demo data', () => abortQuietly(tx));
}

export function abortQuietly(tx: IDBTransaction): void {
  try {
    tx.abort();
  } catch {
    // Already finished.
  }
}
