// Helpers for the persistence tests: a real core over a fresh fake IndexedDB.

import { createNodeCore } from '../node/index.js';
import { bodyText, type ApiResponse, type Backend } from '../core/coreCall.js';
import { openDatabase, STATE_STORE } from './indexedDb.js';
import type { PersistentBackend } from './persistentBackend.js';
import { type StateStore } from './store.js';
import { IdbStateStore } from './idbStateStore.js';

let databases = 0;

/** A database of its own for each test (fake-indexeddb must be loaded). */
export async function freshDatabase(): Promise<{ database: IDBDatabase; name: string }> {
  const name = `murmur-test-${++databases}`;
  return { database: await openDatabase(name), name };
}

export async function reopen(name: string): Promise<IdbStateStore> {
  return new IdbStateStore(await openDatabase(name));
}

export function newCore(basePath = '/') {
  return createNodeCore(basePath);
}

export interface Answer {
  status: number;
  json: Record<string, unknown> & { errors?: string[] };
}

export async function call(
  backend: Backend,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const res: ApiResponse = await backend.handle({ method, url, authorization: options.token, body });
  return { status: res.status, json: JSON.parse(bodyText(res)) as Answer['json'] };
}

export async function signIn(backend: Backend, username = 'guest', password = 'guest123'): Promise<string> {
  const res = await call(backend, 'POST', '/api/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.json.encodedToken as string;
}

/** Uploads a file as the media route does: the core registers it, the backend stores its bytes. */
export function upload(backend: PersistentBackend, bytes: ArrayBuffer, type: string, token: string | undefined) {
  const body = JSON.stringify({ type, size: bytes.byteLength });
  return backend.upload({ method: 'POST', url: '/api/media', authorization: token, body }, { bytes, type });
}

export async function postContents(backend: Backend): Promise<string[]> {
  const res = await call(backend, 'GET', '/api/posts');
  return (res.json.posts as { content: string }[]).map((p) => p.content);
}

export async function createPost(backend: Backend, token: string, content: string): Promise<Answer> {
  return call(backend, 'POST', '/api/posts', { token, body: { postData: { content } } });
}

/** Writes `value` where the saved state lives, as a damaged browser profile would have it. */
export function writeRawState(database: IDBDatabase, value: unknown, key = 'current'): Promise<void> {
  return putRaw(database, STATE_STORE, key, value);
}

/** Puts `value` under `key` in any store (`undefined`: an auto-incremented key), as a damaged profile would have it. */
export function putRaw(
  database: IDBDatabase,
  store: string,
  key: IDBValidKey | undefined,
  value: unknown,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = database.transaction(store, 'readwrite');
    tx.objectStore(store).put(value, key);
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error);
  });
}

export async function readAll(database: IDBDatabase, store: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = database.transaction(store).objectStore(store).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** `store` with some of its operations replaced (a failing save, say); the others go to `store`. */
export function storeWith(store: StateStore, overrides: Partial<StateStore>): StateStore {
  return {
    readHead: () => store.readHead(),
    loadState: () => store.loadState(),
    readJournal: (after, upTo) => store.readJournal(after, upTo),
    save: (state, options) => store.save(state, options),
    append: (entry, options) => store.append(entry, options),
    repairHead: () => store.repairHead(),
    quarantine: (saved, reason) => store.quarantine(saved, reason),
    getMedia: (id) => store.getMedia(id),
    allMedia: () => store.allMedia(),
    ...overrides,
  };
}
