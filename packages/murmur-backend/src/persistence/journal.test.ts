import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { JOURNAL_STORE, MEDIA_STORE, openDatabase, QUARANTINE_STORE, STATE_STORE } from './indexedDb.js';
import { SAVED_FORMAT, SAVED_VERSION, toSaved, type JournalEntry, type SavedState } from './format.js';
import { localLocks } from './locks.js';
import { PersistentBackend } from './persistentBackend.js';
import { RESTORED_FROM_SEED } from './constants.js';
import { type StateStore } from './store.js';
import { IdbStateStore } from './idbStateStore.js';
import {
  call,
  createPost,
  freshDatabase,
  newCore,
  postContents,
  readAll,
  reopen,
  putRaw,
  signIn,
  storeWith,
  writeRawState,
  upload,
} from './testing.js';

// Saving costs what the change costs: a write appends its request to the
// journal; the snapshot is saved in full only now and then.

const SEED_POSTS = 12;

async function startOn(store: StateStore, options: Partial<Parameters<typeof PersistentBackend.start>[0]> = {}) {
  return PersistentBackend.start({ core: newCore(), store, ...options });
}

const current = async (database: IDBDatabase) => ((await readAll(database, STATE_STORE)) as SavedState[])[0]!;
const journal = async (database: IDBDatabase) => (await readAll(database, JOURNAL_STORE)) as JournalEntry[];
/** Lets a compaction scheduled after a write run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the journal', () => {
  it('saves the first write in full, then each write as one small entry, and a reload replays them', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    await createPost(backend, token, 'In the snapshot');
    const snapshot = (await current(database)).snapshot;
    expect(await journal(database)).toEqual([]);

    await createPost(backend, token, 'In the journal');
    const posts = (await call(backend, 'GET', '/api/posts')).json.posts as { _id: string }[];
    expect((await call(backend, 'POST', `/api/posts/like/${posts[0]!._id}`, { token })).status).toBe(200);

    // The snapshot is untouched; two entries follow it, chained by revision and stamp.
    expect((await current(database)).snapshot).toBe(snapshot);
    const entries = await journal(database);
    expect(entries.map((e) => [e.revision, e.method, e.url])).toEqual([
      [2, 'POST', '/api/posts'],
      [3, 'POST', `/api/posts/like/${posts[0]!._id}`],
    ]);
    expect(entries[1]!.parent).toBe(entries[0]!.stamp);
    for (const entry of entries) expect(JSON.stringify(entry).length).toBeLessThan(1_000);

    const reloaded = (await startOn(await reopen(name))).backend;
    expect(reloaded.revision).toBe(3);
    expect(await postContents(reloaded)).toEqual(expect.arrayContaining(['In the snapshot', 'In the journal']));
    const liked = (await call(reloaded, 'GET', `/api/posts/${posts[0]!._id}`)).json.post as {
      likes: { likedBy: { username: string }[] };
    };
    expect(liked.likes.likedBy.map((u) => u.username)).toContain('guest');
  });

  it('replays at the recorded clock: dates and a new user’s password come back the same', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    await createPost(backend, await signIn(backend), 'Base');
    const signup = await call(backend, 'POST', '/api/auth/signup', {
      body: { username: 'replayed', password: 'pw123456', firstName: 'R', lastName: 'P' },
    });
    expect(signup.status).toBe(201);
    const token = await signIn(backend, 'replayed', 'pw123456');
    await createPost(backend, token, 'By the new user');
    const before = (await call(backend, 'GET', '/api/posts')).json;
    expect((await journal(database)).length).toBe(2);

    // Much later, in another zone: replay uses the clock each write was answered at.
    vi.useFakeTimers({ now: Date.now() + 86_400_000, toFake: ['Date'] });
    try {
      const reloaded = (await startOn(await reopen(name))).backend;
      expect((await call(reloaded, 'GET', '/api/posts')).json).toEqual(before);
      expect(await signIn(reloaded, 'replayed', 'pw123456')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('journals no sign-in and no refused request', async () => {
    const { database } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    await createPost(backend, token, 'Base');
    await signIn(backend);
    expect((await createPost(backend, token, 'x'.repeat(101))).status).toBe(400);
    expect((await call(backend, 'POST', '/api/posts/like/no-such-post', { token })).status).toBe(404);
    expect(await journal(database)).toEqual([]);
    expect(backend.revision).toBe(1);
  });

  it('stores an upload in the same transaction as its entry', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    await createPost(backend, token, 'Base');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 7]).buffer;
    expect((await upload(backend, png, 'image/png', token)).status).toBe(201);
    expect((await journal(database)).map((e) => e.url)).toEqual(['/api/media']);
    expect(await readAll(database, MEDIA_STORE)).toHaveLength(1);
    const reloaded = (await startOn(await reopen(name))).backend;
    expect(await reloaded.getMedia('m-01')).toMatchObject({ type: 'image/png' });
    // The replayed core hands out the next id, never m-01 again.
    const next = await upload(reloaded, png, 'image/png', token);
    expect(JSON.parse(new TextDecoder().decode(next.body as Uint8Array))).toMatchObject({ mediaURL: '/media/m-02' });
  });

  it('an append that fails changes nothing: 507, the core rolled back, the stored state as it was', async () => {
    const { database, name } = await freshDatabase();
    const store = new IdbStateStore(database);
    let full = false;
    const { backend } = await startOn(
      storeWith(store, {
        append: (entry, options) =>
          full
            ? Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'))
            : store.append(entry, options),
      }),
    );
    const token = await signIn(backend);
    await createPost(backend, token, 'Saved');
    await createPost(backend, token, 'Journaled');
    full = true;
    expect((await createPost(backend, token, 'Never saved')).status).toBe(507);
    expect(await postContents(backend)).toEqual(expect.arrayContaining(['Saved', 'Journaled']));
    expect(await postContents(backend)).not.toContain('Never saved');
    full = false;
    expect((await createPost(backend, token, 'Fits again')).status).toBe(201);
    const contents = await postContents((await startOn(await reopen(name))).backend);
    expect(contents).toEqual(expect.arrayContaining(['Saved', 'Journaled', 'Fits again']));
    expect(contents).not.toContain('Never saved');
  });
});

describe('compaction', () => {
  it('saves the snapshot in full after compactEvery entries, in the background, losing nothing', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database), { compactEvery: 3 });
    const token = await signIn(backend);
    for (let i = 1; i <= 3; i++) await createPost(backend, token, `post ${i}`);
    expect((await journal(database)).length).toBe(2);
    await createPost(backend, token, 'post 4');
    await settle();
    // Four writes: the first in full, three entries, compacted into a snapshot at revision 4.
    expect(await journal(database)).toEqual([]);
    expect((await current(database)).revision).toBe(4);
    await createPost(backend, token, 'post 5');
    expect((await journal(database)).map((e) => e.revision)).toEqual([5]);
    const contents = await postContents((await startOn(await reopen(name))).backend);
    for (let i = 1; i <= 5; i++) expect(contents).toContain(`post ${i}`);
  });

  it('with compactWhenIdle, saves in full once writes pause with enough entries, and not before', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database), { compactWhenIdle: { afterMs: 40, atLeast: 2 } });
    const token = await signIn(backend);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 120));
    await createPost(backend, token, 'post 1'); // the first save, in full
    await createPost(backend, token, 'post 2');
    await pause();
    // One entry is fewer than worth folding.
    expect((await journal(database)).map((e) => e.revision)).toEqual([2]);
    await createPost(backend, token, 'post 3');
    expect((await journal(database)).map((e) => e.revision)).toEqual([2, 3]);
    await pause();
    expect(await journal(database)).toEqual([]);
    expect((await current(database)).revision).toBe(3);
    expect(await postContents((await startOn(await reopen(name))).backend)).toHaveLength(SEED_POSTS + 3);
  });

  it('compact() folds any journal into the snapshot (a clean shutdown), and a start then replays nothing', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    for (let i = 1; i <= 3; i++) await createPost(backend, token, `post ${i}`);
    expect((await journal(database)).length).toBe(2);
    await backend.compact();
    expect(await journal(database)).toEqual([]);
    expect((await current(database)).revision).toBe(3);
    const reopened = await reopen(name);
    const readJournal = vi.spyOn(reopened, 'loadState');
    expect(await postContents((await startOn(reopened)).backend)).toHaveLength(SEED_POSTS + 3);
    expect((await readJournal.mock.results[0]!.value).journal).toEqual([]);
  });

  it('answers requests while a compaction writes the snapshot, and saves a change made meanwhile after it', async () => {
    const { database, name } = await freshDatabase();
    const store = new IdbStateStore(database);
    let held: Promise<void> | null = null;
    let release = () => undefined as void;
    const slow = storeWith(store, {
      save: async (state, options) => {
        if (held) await held;
        return store.save(state, options);
      },
    });
    const { backend } = await startOn(slow);
    const token = await signIn(backend);
    await createPost(backend, token, 'post 1');
    await createPost(backend, token, 'post 2');
    held = new Promise<void>((resolve) => (release = resolve));
    const compacted = backend.compact();
    await settle(); // the compaction holds the lock, its save waiting
    const waited = (ms: number) => new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms));
    const read = call(backend, 'GET', '/api/posts').then((res) => res.status);
    expect(await Promise.race([read, waited(500)])).toBe(200);
    const during = createPost(backend, token, 'post 3');
    await settle();
    held = null;
    release();
    await compacted;
    expect((await during).status).toBe(201);
    expect((await current(database)).revision).toBe(2);
    expect((await journal(database)).map((e) => e.revision)).toEqual([3]);
    const contents = await postContents((await startOn(await reopen(name))).backend);
    expect(contents).toEqual(expect.arrayContaining(['post 1', 'post 2', 'post 3']));
  });

  it('a compaction that fails leaves the journal, and the next one succeeds', async () => {
    const { database, name } = await freshDatabase();
    const store = new IdbStateStore(database);
    let refuse = true;
    const flaky = storeWith(store, {
      save: (state, options) =>
        refuse && state.revision > 1
          ? Promise.reject(new DOMException('busy', 'UnknownError'))
          : store.save(state, options),
    });
    const { backend } = await startOn(flaky, { compactEvery: 2 });
    const token = await signIn(backend);
    for (let i = 1; i <= 3; i++) expect((await createPost(backend, token, `post ${i}`)).status).toBe(201);
    await settle();
    expect((await journal(database)).length).toBe(2);
    refuse = false;
    await createPost(backend, token, 'post 4');
    await settle();
    expect(await journal(database)).toEqual([]);
    expect((await current(database)).revision).toBe(4);
    expect(await postContents((await startOn(await reopen(name))).backend)).toHaveLength(SEED_POSTS + 4);
  });
});

describe('another tab’s writes', () => {
  it('are replayed from the journal, without reading the whole state', async () => {
    const { database, name } = await freshDatabase();
    const locks = localLocks();
    const a = (await startOn(new IdbStateStore(database), { locks })).backend;
    const token = await signIn(a);
    await createPost(a, token, 'Before B started');
    const storeB = await reopen(name);
    const b = (await startOn(storeB, { locks })).backend;
    await createPost(a, token, 'A one');
    await createPost(a, token, 'A two');

    const loadState = vi.spyOn(storeB, 'loadState');
    expect((await createPost(b, token, 'B after')).status).toBe(201);
    expect(loadState).not.toHaveBeenCalled();
    expect(await postContents(b)).toEqual(expect.arrayContaining(['Before B started', 'A one', 'A two', 'B after']));
    expect(b.revision).toBe(4);
  });

  it('are read in full when the journal no longer reaches back to this tab’s revision (compacted)', async () => {
    const { database, name } = await freshDatabase();
    const locks = localLocks();
    const a = (await startOn(new IdbStateStore(database), { locks, compactEvery: 2 })).backend;
    const token = await signIn(a);
    await createPost(a, token, 'Before B started');
    const storeB = await reopen(name);
    const b = (await startOn(storeB, { locks })).backend;
    for (const text of ['A one', 'A two', 'A three']) await createPost(a, token, text);
    await settle();
    // Compacted past B's revision 1: entry 2 is gone.
    expect((await current(database)).revision).toBeGreaterThanOrEqual(3);
    expect((await journal(database)).map((e) => e.revision)).not.toContain(2);

    const loadState = vi.spyOn(storeB, 'loadState');
    expect((await createPost(b, token, 'B after')).status).toBe(201);
    expect(loadState).toHaveBeenCalled();
    expect(await postContents(b)).toEqual(expect.arrayContaining(['A one', 'A two', 'A three', 'B after']));
    expect(await postContents((await startOn(await reopen(name))).backend)).toHaveLength(SEED_POSTS + 5);
  });
});

describe('a damaged journal', () => {
  async function threePosts() {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    for (const text of ['one', 'two', 'three']) await createPost(backend, token, text);
    return { database, name, token };
  }

  it('a missing entry: what chains is loaded, the head repaired, and writes work', async () => {
    const { database, name, token } = await threePosts();
    await new Promise<void>((resolve) => {
      const tx = database.transaction(JOURNAL_STORE, 'readwrite');
      tx.objectStore(JOURNAL_STORE).delete(2);
      tx.oncomplete = () => resolve();
    });
    const { backend, notices } = await startOn(await reopen(name));
    expect(notices).toEqual([]);
    expect(backend.revision).toBe(1);
    expect((await createPost(backend, token, 'after the gap')).status).toBe(201);
    const contents = await postContents((await startOn(await reopen(name))).backend);
    expect(contents).toEqual(expect.arrayContaining(['one', 'after the gap']));
    expect(contents).not.toContain('three');
  });

  it('garbage and strays in the journal store are ignored and dropped', async () => {
    const { database, name, token } = await threePosts();
    await putRaw(database, JOURNAL_STORE, 4, 'garbage');
    await putRaw(database, JOURNAL_STORE, 9, { revision: 9, stamp: 'stray', parent: 'nobody' });
    await putRaw(database, JOURNAL_STORE, 'not-a-revision', [1, 2]);
    const { backend } = await startOn(await reopen(name));
    expect(backend.revision).toBe(3);
    expect((await createPost(backend, token, 'four')).status).toBe(201);
    const reloaded = (await startOn(await reopen(name))).backend;
    expect(reloaded.revision).toBe(4);
    expect(await postContents(reloaded)).toEqual(expect.arrayContaining(['one', 'two', 'three', 'four']));
  });

  it('an entry that does not replay sets the saved state aside and starts from the seed', async () => {
    const { database, name, token } = await threePosts();
    const [second] = await journal(database);
    // Same chain, but a request the core refuses.
    await putRaw(database, JOURNAL_STORE, 2, { ...second!, url: '/api/posts/like/no-such-post', body: '' });
    const { backend, notices } = await startOn(await reopen(name));
    expect(notices).toEqual([RESTORED_FROM_SEED]);
    expect(await postContents(backend)).toHaveLength(SEED_POSTS);
    expect(await readAll(database, QUARANTINE_STORE)).toHaveLength(1);
    expect(await journal(database)).toEqual([]);
    expect((await createPost(backend, token, 'starting over')).status).toBe(201);
    expect(await postContents((await startOn(await reopen(name))).backend)).toContain('starting over');
  });
});

describe('a state saved by the previous format (database version 1, no journal)', () => {
  it('loads, is upgraded in place, and takes journaled writes', async () => {
    const name = `murmur-v1-${Math.random().toString(36).slice(2)}`;
    // What the previous build left: three stores, `current` and `head`.
    const old = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STATE_STORE);
        request.result.createObjectStore(MEDIA_STORE);
        request.result.createObjectStore(QUARANTINE_STORE, { autoIncrement: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const plain = newCore();
    const login = JSON.parse(
      new TextDecoder().decode(
        plain
          .handle('POST', '/api/auth/login', undefined, JSON.stringify({ username: 'guest', password: 'guest123' }))
          .takeBody(),
      ),
    ) as { encodedToken: string };
    plain
      .handle(
        'POST',
        '/api/posts',
        login.encodedToken,
        JSON.stringify({ postData: { content: 'Saved by the old build' } }),
      )
      .free();
    const head = { revision: 7, stamp: 'old-build', savedAt: 1 };
    const saved = toSaved(head, plain.exportSnapshot());
    expect(saved).toMatchObject({ format: SAVED_FORMAT, version: SAVED_VERSION });
    await writeRawState(old, saved);
    await writeRawState(old, head, 'head');
    old.close();

    const { backend, notices } = await startOn(new IdbStateStore(await openDatabase(name)));
    expect(notices).toEqual([]);
    expect(backend.revision).toBe(7);
    expect(await postContents(backend)).toContain('Saved by the old build');
    expect((await createPost(backend, login.encodedToken, 'Saved by this build')).status).toBe(201);
    const reloaded = (await startOn(new IdbStateStore(await openDatabase(name)))).backend;
    expect(reloaded.revision).toBe(8);
    expect(await postContents(reloaded)).toEqual(
      expect.arrayContaining(['Saved by the old build', 'Saved by this build']),
    );
  });
});
