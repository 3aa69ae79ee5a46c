// The `persist` option: 'memory' writes nothing to IndexedDB, 'indexeddb' saves there.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCore } from '../node/index.js';
import { call, createPost, signIn, upload } from '../persistence/testing.js';
import { startBackend } from './startBackend.js';

/** Every database in the (fake) browser, with its stores and how many records each holds. */
async function storedRecords(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const store of Array.from(database.objectStoreNames)) {
      counts[`${name}/${store}`] = await new Promise<number>((resolve) => {
        const req = database.transaction(store).objectStore(store).count();
        req.onsuccess = () => resolve(req.result);
      });
    }
    database.close();
  }
  return counts;
}

describe('persist', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory(); // an empty browser for each test
  });
  afterEach(() => {
    delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  });

  it("'memory' answers writes and touches no IndexedDB at all", async () => {
    const { backend, notices } = await startBackend(createNodeCore(), 'memory');
    const token = await signIn(backend);
    expect((await createPost(backend, token, 'kept in memory only')).status).toBe(201);
    expect(
      (
        await upload(
          backend,
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).buffer,
          'image/png',
          token,
        )
      ).status,
    ).toBe(201);
    expect(await indexedDB.databases()).toEqual([]);
    expect(notices).toEqual([]);
  });

  it("'indexeddb' saves the state and every write there", async () => {
    const { backend } = await startBackend(createNodeCore(), 'indexeddb');
    const token = await signIn(backend);
    await createPost(backend, token, 'saved in full (the first write)');
    await createPost(backend, token, 'journaled after it');
    const records = await storedRecords();
    expect(records['murmur/state']).toBeGreaterThan(0);
    expect(records['murmur/journal']).toBe(1);
  });

  it("'indexeddb' opens the database while the core is still loading, and a core that fails leaves it closed", async () => {
    type Core = ReturnType<typeof createNodeCore>;
    let loaded: (core: Core) => void = () => undefined;
    const core = new Promise<Core>((resolve) => (loaded = resolve));
    const starting = startBackend(core, 'indexeddb');
    // The database exists before the core is in.
    await expect.poll(async () => (await indexedDB.databases()).map((database) => database.name)).toEqual(['murmur']);
    loaded(createNodeCore());
    const { backend } = await starting;
    expect((await call(backend, 'GET', '/api/posts')).status).toBe(200);
    expect(backend.foundSavedState).toBe(false);

    // A core that never loads: the start fails with its error, and the connection is closed (a version change is not blocked).
    globalThis.indexedDB = new IDBFactory();
    await expect(startBackend(Promise.reject(new Error('the wasm did not load')), 'indexeddb')).rejects.toThrow(
      'the wasm did not load',
    );
    const upgraded = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('murmur', 99);
      open.onsuccess = () => {
        open.result.close();
        resolve(open.result.version);
      };
      open.onerror = () => reject(open.error);
      open.onblocked = () => reject(new Error('blocked by an open connection'));
    });
    expect(upgraded).toBe(99);
  });

  it('refuses anything else', async () => {
    await expect(startBackend(createNodeCore(), 'localStorage' as 'memory')).rejects.toThrow(
      `persist must be 'indexeddb' or 'memory', got "localStorage"`,
    );
    expect((await call((await startBackend(createNodeCore(), 'memory')).backend, 'GET', '/api/posts')).status).toBe(
      200,
    );
  });
});
