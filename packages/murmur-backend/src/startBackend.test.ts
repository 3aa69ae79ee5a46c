// The `persist` option: 'memory' writes nothing to IndexedDB, 'indexeddb' saves there.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCore } from './node.js';
import { call, createPost, signIn } from './persistence/testing.js';
import { startBackend } from './startBackend.js';

/** Every database in the (fake) browser, with its stores and how many records each holds. */
async function storedRecords(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const store of Array.from(db.objectStoreNames)) {
      counts[`${name}/${store}`] = await new Promise<number>((resolve) => {
        const req = db.transaction(store).objectStore(store).count();
        req.onsuccess = () => resolve(req.result);
      });
    }
    db.close();
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
    expect((await backend.upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).buffer, 'image/png', token)).status).toBe(201);
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

  it('refuses anything else', async () => {
    await expect(startBackend(createNodeCore(), 'localStorage' as 'memory')).rejects.toThrow(
      `persist must be 'indexeddb' or 'memory', got "localStorage"`,
    );
    expect((await call((await startBackend(createNodeCore(), 'memory')).backend, 'GET', '/api/posts')).status).toBe(200);
  });
});
