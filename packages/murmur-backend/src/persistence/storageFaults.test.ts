import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { committed, MEDIA_STORE, openDatabase, QUARANTINE_STORE, StorageTimeoutError } from './indexedDb.js';
import { localLocks, webLocks, type WebLocks } from './locks.js';
import { PersistentBackend } from './persistentBackend.js';
import { RESTORED_FROM_SEED, SAVE_FAILED, STORAGE_LOST } from './constants.js';
import { MemoryStateStore, type StateStore } from './store.js';
import { IdbStateStore } from './idbStateStore.js';
import {
  call,
  createPost,
  freshDatabase,
  newCore,
  postContents,
  reopen,
  putRaw,
  signIn,
  storeWith,
  writeRawState,
  upload,
} from './testing.js';

// What a browser can do to the storage under a running tab, and what the user
// gets: every write succeeds or fails with the catalogue's shape and a message
// they can act on, and no acknowledged write is lost.

const SEED_POSTS = 12;

async function startOn(store: StateStore, options: Partial<Parameters<typeof PersistentBackend.start>[0]> = {}) {
  return PersistentBackend.start({ core: newCore(), store, ...options });
}

const catalogueShape = { errors: [expect.any(String)] };

describe('a head that does not match the saved state', () => {
  it('is repaired at start-up: writes and reset work, nothing acknowledged is lost', async () => {
    const { database, name } = await freshDatabase();
    const { backend: first } = await startOn(new IdbStateStore(database));
    const token = await signIn(first);
    expect((await createPost(first, token, 'Saved before the damage')).status).toBe(201);
    // Another head than the one saved with the state.
    await writeRawState(database, { revision: 42, stamp: 'stray', savedAt: 1 }, 'head');

    const { backend, notices } = await startOn(await reopen(name));
    expect(notices).toEqual([]);
    expect((await createPost(backend, token, 'Written after the repair')).status).toBe(201);
    expect(
      (
        await call(backend, 'POST', '/api/auth/signup', {
          body: { username: 'newbie', password: 'pw123456', firstName: 'N', lastName: 'B' },
        })
      ).status,
    ).toBe(201);

    const reloaded = (await startOn(await reopen(name))).backend;
    expect(await postContents(reloaded)).toEqual(
      expect.arrayContaining(['Saved before the damage', 'Written after the repair']),
    );
    expect((await reloaded.reset()).status).toBe(200);
  });

  it('is repaired when it goes wrong while the tab runs', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    await createPost(backend, token, 'One');
    await writeRawState(database, { revision: 7, stamp: 'stray', savedAt: 1 }, 'head');
    expect((await createPost(backend, token, 'Two')).status).toBe(201);
    expect(await postContents((await startOn(await reopen(name))).backend)).toEqual(
      expect.arrayContaining(['One', 'Two']),
    );
  });

  it('a head with no state is dropped, and a reset always works', async () => {
    const { database, name } = await freshDatabase();
    await writeRawState(database, { revision: 3, stamp: 'orphan', savedAt: 1 }, 'head');
    const { backend } = await startOn(new IdbStateStore(database));
    expect((await createPost(backend, await signIn(backend), 'After the orphan')).status).toBe(201);
    // Another writer's head appears between two of this tab's saves: a reset does not care.
    await writeRawState(database, { revision: 99, stamp: 'other', savedAt: 1 }, 'head');
    expect((await backend.reset()).status).toBe(200);
    expect(await postContents((await startOn(await reopen(name))).backend)).toHaveLength(SEED_POSTS);
  });
});

describe('garbage in every store', () => {
  it('starts from the seed with a notice, serves no garbage as media, and saves again', async () => {
    const { database, name } = await freshDatabase();
    await writeRawState(database, 'garbage', 'current');
    await writeRawState(database, [1, 2, 3], 'head');
    await writeRawState(database, { whatever: true }, 'stray-key');
    await putRaw(database, MEDIA_STORE, 'm-01', 'not a record');
    await putRaw(database, MEDIA_STORE, 'm-02', { type: 7, bytes: 'nope' });
    await putRaw(database, MEDIA_STORE, 'm-03', { type: 'image/png', bytes: null, blob: 'no blob' });
    await putRaw(database, QUARANTINE_STORE, undefined, 12345);

    const { backend, notices } = await startOn(new IdbStateStore(database));
    expect(notices).toEqual([RESTORED_FROM_SEED]);
    for (const id of ['m-01', 'm-02', 'm-03', 'm-99']) expect(await backend.getMedia(id)).toBeUndefined();
    const token = await signIn(backend);
    expect((await createPost(backend, token, 'Over the garbage')).status).toBe(201);
    const uploaded = await upload(
      backend,
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]).buffer,
      'image/png',
      token,
    );
    expect(uploaded.status).toBe(201);
    expect(await postContents((await startOn(await reopen(name))).backend)).toContain('Over the garbage');
  });
});

describe('the connection closed under a running tab', () => {
  it('reopens the database and keeps every acknowledged write', async () => {
    const { database: other, name } = await freshDatabase();
    other.close();
    const store = new IdbStateStore(await openDatabase(name), { reopen: () => openDatabase(name) });
    const { backend } = await startOn(store);
    const token = await signIn(backend);
    expect((await createPost(backend, token, 'Before the close')).status).toBe(201);

    // What "Clear site data" does: the connection goes, and so does the data.
    (store as unknown as { database: IDBDatabase }).database.close();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });

    expect((await createPost(backend, token, 'After the close')).status).toBe(201);
    const reloaded = (await startOn(await reopen(name))).backend;
    // The tab's state (every acknowledged write) was saved again in full.
    expect(await postContents(reloaded)).toEqual(expect.arrayContaining(['Before the close', 'After the close']));
  });

  it('falls back to memory with a notice when the database cannot be opened again', async () => {
    const { database } = await freshDatabase();
    const store = new IdbStateStore(database, {
      reopen: () => Promise.reject(new DOMException('gone', 'UnknownError')),
    });
    const onNotice = vi.fn();
    const { backend } = await startOn(store, { onNotice });
    const token = await signIn(backend);
    expect((await createPost(backend, token, 'Saved')).status).toBe(201);
    database.close();

    const res = await createPost(backend, token, 'Kept in memory');
    expect(res.status).toBe(201);
    expect(onNotice).toHaveBeenCalledWith(STORAGE_LOST);
    expect(await postContents(backend)).toEqual(expect.arrayContaining(['Saved', 'Kept in memory']));
    // Later writes, uploads and their images work in memory too.
    const uploaded = await upload(backend, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]).buffer, 'image/jpeg', token);
    expect(uploaded.status).toBe(201);
    expect(await backend.getMedia('m-01')).toMatchObject({ type: 'image/jpeg' });
    expect(onNotice).toHaveBeenCalledTimes(1);
  });

  it('never answers with a stack trace: an unexpected failure is the catalogue shape', async () => {
    const { database } = await freshDatabase();
    const store = new IdbStateStore(database);
    let buggy = false;
    const bugOr = <T>(then: () => T): T => {
      if (buggy) throw new TypeError('a bug, synchronously');
      return then();
    };
    const { backend } = await startOn(
      storeWith(store, {
        save: (state, options) => bugOr(() => store.save(state, options)),
        append: (entry, options) => bugOr(() => store.append(entry, options)),
      }),
    );
    const token = await signIn(backend);
    buggy = true;
    const res = await createPost(backend, token, 'Hits the bug');
    expect(res.json).toEqual(catalogueShape);
    expect(JSON.stringify(res.json)).not.toMatch(/TypeError|at /);
    expect(await postContents(backend)).not.toContain('Hits the bug');
  });
});

describe('a transaction that never settles', () => {
  it('is aborted and given up at its deadline', async () => {
    const abort = vi.fn();
    const tx = { abort } as unknown as IDBTransaction; // fires neither complete nor abort, as WebKit's did
    await expect(committed(tx, 30)).rejects.toBeInstanceOf(StorageTimeoutError);
    expect(abort).toHaveBeenCalled();
  });

  it('fails the write plainly once, then the tab carries on in memory', async () => {
    const { database, name } = await freshDatabase();
    const store = new IdbStateStore(database);
    const never = () => Promise.reject(new StorageTimeoutError('Saving the demo data'));
    const hanging = storeWith(store, { save: never, append: never });
    const onNotice = vi.fn();
    const { backend } = await startOn(hanging, { onNotice });
    const token = await signIn(backend);
    expect(await createPost(backend, token, 'First try')).toEqual({ status: 507, json: { errors: [SAVE_FAILED] } });
    expect(await postContents(backend)).not.toContain('First try');
    expect((await createPost(backend, token, 'Second try')).status).toBe(201);
    expect(onNotice).toHaveBeenCalledWith(STORAGE_LOST);
    expect(await postContents(backend)).toContain('Second try');
    expect(await postContents((await startOn(await reopen(name))).backend)).toHaveLength(SEED_POSTS);
  });
});

describe('the lock', () => {
  it('is taken over when its holder never lets go', async () => {
    const requests: LockOptions[] = [];
    // A lock manager whose lock is held by a page that is gone but not released.
    const stuck: WebLocks = {
      request<T>(_name: string, options: LockOptions, callback: () => Promise<T>): Promise<T> {
        requests.push(options);
        if (options.steal) return callback();
        return new Promise<T>((_, reject) => {
          options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      },
    };
    const started = Date.now();
    expect(await webLocks(stuck, 40).request('murmur-state', async () => 'ran')).toBe('ran');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requests.map((o) => Boolean(o.steal))).toEqual([false, true]);
  });

  it('is not stolen from a holder that answers in time, and a task’s own error is passed on', async () => {
    const manager: WebLocks = { request: (_n, _o, callback) => callback() };
    const locks = webLocks(manager, 40);
    await expect(locks.request('x', () => Promise.reject(new Error('task failed')))).rejects.toThrow('task failed');
    expect(await locks.request('x', async () => 1)).toBe(1);
  });
});

describe('two tabs writing and reloading in any order', () => {
  type Step = { tab: 0 | 1; action: 'post' | 'reload' | 'like' | 'settle' };
  type Liked = { _id: string; likes: { likedBy: { username: string }[] } };
  const step = fc.record({
    tab: fc.constantFrom<0 | 1>(0, 1),
    action: fc.constantFrom<Step['action']>('post', 'post', 'reload', 'like', 'settle'),
  });

  it('keeps every acknowledged write, through journal catch-ups and compactions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        // How often each tab compacts the journal into a snapshot: from every write to (almost) never.
        fc.constantFrom(1, 2, 3, 64),
        // Saves announced on a BroadcastChannel (writes then skip reading the head first), or not.
        fc.boolean(),
        async (steps: Step[], shared, compactEvery, announced) => {
          const { name } = await freshDatabase();
          // A shared lock (Web Locks), or one per tab (a browser without them): the head check is the backstop.
          const sharedLocks = localLocks();
          const channels: BroadcastChannel[] = [];
          const channel = () => {
            if (!announced) return null;
            const opened = new BroadcastChannel(`murmur-property-${name}`);
            channels.push(opened);
            return opened;
          };
          const open = async () =>
            (
              await startOn(await reopen(name), {
                locks: shared ? sharedLocks : localLocks(),
                compactEvery,
                channel: channel(),
              })
            ).backend;
          const tabs = [await open(), await open()];
          const tokens = [await signIn(tabs[0]!), await signIn(tabs[1]!)];
          const posts = (await call(tabs[0]!, 'GET', '/api/posts')).json.posts as Liked[];
          const target = posts.find((p) => !p.likes.likedBy.some((u) => u.username === 'guest'))!._id;
          const acknowledged: string[] = [];
          let likes = 0;
          let n = 0;
          // Steps of both tabs run concurrently in pairs, the way two tabs would.
          for (let i = 0; i < steps.length; i += 2) {
            await Promise.all(
              steps.slice(i, i + 2).map(async ({ tab, action }) => {
                if (action === 'settle') {
                  // Time for a compaction scheduled by the last write to run between steps.
                  await new Promise((resolve) => setTimeout(resolve, 1));
                  return;
                }
                if (action === 'reload') {
                  tabs[tab] = await open();
                  return;
                }
                if (action === 'like') {
                  const res = await call(tabs[tab]!, 'POST', `/api/posts/like/${target}`, { token: tokens[tab] });
                  if (res.status === 200) likes += 1;
                  else expect(res.json).toEqual(catalogueShape);
                  return;
                }
                const text = `post ${++n} by tab ${tab}`;
                const res = await createPost(tabs[tab]!, tokens[tab]!, text);
                if (res.status === 201) acknowledged.push(text);
                else expect(res.json).toEqual(catalogueShape);
              }),
            );
          }
          for (const opened of channels) opened.close();
          const final = await open();
          const contents = await postContents(final);
          for (const text of acknowledged) expect(contents).toContain(text);
          const post = (await call(final, 'GET', `/api/posts/${target}`)).json.post as Liked;
          // An acknowledged like survives (a second one is refused: already liked).
          if (likes > 0) expect(post.likes.likedBy.map((u) => u.username)).toContain('guest');
          for (const opened of channels) opened.close();
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('memory store after a fallback', () => {
  it('still serves the uploads saved before storage went', async () => {
    const previous = { getMedia: async (id: string) => ({ id, type: 'image/png', bytes: new ArrayBuffer(1) }) };
    const memory = new MemoryStateStore(previous);
    expect(await memory.getMedia('m-01')).toMatchObject({ type: 'image/png' });
  });
});
