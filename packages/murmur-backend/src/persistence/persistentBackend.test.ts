import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MEDIA_STORE, QUARANTINE_STORE, STATE_STORE } from './indexedDb.js';
import { bodyText } from '../core/coreCall.js';
import { SAVED_FORMAT, SAVED_VERSION, toSaved, type SavedState } from './format.js';
import { localLocks } from './locks.js';
import { PersistentBackend } from './persistentBackend.js';
import { RESTORED_FROM_SEED, SAVE_FAILED, STORAGE_FULL } from './constants.js';
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
  signIn,
  storeWith,
  writeRawState,
  upload,
} from './testing.js';

const SEED_POSTS = 12;

async function startOn(store: StateStore, options: Partial<Parameters<typeof PersistentBackend.start>[0]> = {}) {
  return PersistentBackend.start({ core: newCore(), store, ...options });
}

describe('a sign-in', () => {
  it('is answered while another tab holds the lock, and saves nothing; a refused one waits its turn', async () => {
    const { database } = await freshDatabase();
    // The lock is free for the start-up, then another tab's until `grant`.
    let grant: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (grant = resolve));
    let free = true;
    const locks = { request: <T>(_name: string, task: () => Promise<T>) => (free ? task() : held.then(task)) };
    const { backend } = await PersistentBackend.start({ core: newCore(), store: new IdbStateStore(database), locks });
    free = false;
    const token = await signIn(backend);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await readAll(database, 'journal')).toEqual([]);
    const refused = call(backend, 'POST', '/api/auth/login', {
      body: { username: 'guest', password: 'wrong-password' },
    });
    let settled = false;
    void refused.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    grant();
    expect((await refused).status).toBe(401);
  });
});

describe('saving and restoring the demo data', () => {
  it('restores every acknowledged change into a new core', async () => {
    const { database, name } = await freshDatabase();
    const { backend, notices } = await startOn(new IdbStateStore(database));
    expect(notices).toEqual([]);
    const token = await signIn(backend);
    expect((await createPost(backend, token, 'Kept across reloads')).status).toBe(201);
    type Liked = { _id: string; likes: { likeCount: number } };
    const posts = (await call(backend, 'GET', '/api/posts')).json.posts as Liked[];
    const target = posts.find((p) => p.likes.likeCount === 0) ?? posts[0]!;
    expect((await call(backend, 'POST', `/api/posts/like/${target._id}`, { token })).status).toBe(200);

    const restored = await startOn(await reopen(name));
    expect(restored.notices).toEqual([]);
    expect(restored.backend.revision).toBe(backend.revision);
    expect(await postContents(restored.backend)).toContain('Kept across reloads');
    const after = (await call(restored.backend, 'GET', `/api/posts/${target._id}`)).json.post as Liked;
    expect(after.likes.likeCount).toBe(target.likes.likeCount + 1);
    // The new core signs the same users in: the salts came back too.
    expect(await signIn(restored.backend)).toBeTruthy();
  });

  it('stores the versioned envelope with the core snapshot inside', async () => {
    const { database } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    await createPost(backend, await signIn(backend), 'Enveloped');
    const [current] = (await readAll(database, STATE_STORE)) as SavedState[];
    expect(current).toMatchObject({ format: SAVED_FORMAT, version: SAVED_VERSION, revision: 1 });
    expect(JSON.parse(current!.snapshot)).toMatchObject({ format: 'murmur-snapshot' });
  });

  it('saves nothing for a refused request, nor for a sign-in', async () => {
    const { database } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    expect(await readAll(database, STATE_STORE)).toEqual([]);
    await createPost(backend, token, 'First');
    const before = await readAll(database, STATE_STORE);
    expect(backend.revision).toBe(1);

    expect((await call(backend, 'POST', '/api/posts/like/no-such-post', { token })).status).toBe(404);
    expect((await createPost(backend, 'forged', 'Nope')).status).toBe(401);
    expect((await createPost(backend, token, 'x'.repeat(101))).status).toBe(400);

    expect(backend.revision).toBe(1);
    expect(await readAll(database, STATE_STORE)).toEqual(before);
  });
});

describe('a saved state that cannot be read', () => {
  const damaged: [string, unknown][] = [
    ['text that is not a saved state', '{"format": "murmur-demo-da'],
    ['a saved state of an unknown version', { ...toSaved({ revision: 3, stamp: 's', savedAt: 1 }, '{}'), version: 99 }],
    ['a version-0 state with no envelope', { users: [], posts: [] }],
    ['a snapshot the core refuses', toSaved({ revision: 3, stamp: 's', savedAt: 1 }, '{"format":"murmur-snapshot"')],
    [
      'a core snapshot of an old version',
      toSaved({ revision: 3, stamp: 's', savedAt: 1 }, JSON.stringify({ format: 'murmur-snapshot', version: 0 })),
    ],
  ];

  it.each(damaged)('%s: starts from the seed, keeps the copy aside and says so', async (_, value) => {
    const { database, name } = await freshDatabase();
    await writeRawState(database, value);
    await writeRawState(database, { revision: 3, stamp: 's', savedAt: 1 }, 'head');

    const { backend, notices } = await startOn(new IdbStateStore(database));
    expect(notices).toEqual([RESTORED_FROM_SEED]);
    expect(await postContents(backend)).toHaveLength(SEED_POSTS);
    const quarantined = (await readAll(database, QUARANTINE_STORE)) as { saved: unknown; reason: string }[];
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]!.saved).toEqual(value);
    expect(quarantined[0]!.reason).toBeTruthy();
    expect(await readAll(database, STATE_STORE)).toEqual([]);

    // The next start is clean, and the app saves again.
    await createPost(backend, await signIn(backend), 'After the damage');
    const again = await startOn(await reopen(name));
    expect(again.notices).toEqual([]);
    expect(await postContents(again.backend)).toContain('After the damage');
  });
});

describe('several tabs on one database', () => {
  it('never loses a write from one tab when another writes next', async () => {
    const { database, name } = await freshDatabase();
    const locks = localLocks(); // stands in for the browser's cross-tab locks
    const a = (await startOn(new IdbStateStore(database), { locks })).backend;
    const b = (await startOn(await reopen(name), { locks })).backend;
    const tokenA = await signIn(a);
    const tokenB = await signIn(b);

    await createPost(a, tokenA, 'Written in tab A');
    // B has heard nothing (no channel here): it loads A's save before writing its own.
    expect(await postContents(b)).not.toContain('Written in tab A');
    await createPost(b, tokenB, 'Written in tab B');
    expect(await postContents(b)).toContain('Written in tab A');

    // Both at once: the lock puts them in a row, each on top of the other.
    await Promise.all([createPost(a, tokenA, 'A again'), createPost(b, tokenB, 'B again')]);

    const reloaded = await startOn(await reopen(name));
    const contents = await postContents(reloaded.backend);
    for (const text of ['Written in tab A', 'Written in tab B', 'A again', 'B again']) {
      expect(contents).toContain(text);
    }
    expect(reloaded.backend.revision).toBe(4);
  });

  it('without a shared lock, still loses nothing: a stale save is refused and run again', async () => {
    const { database, name } = await freshDatabase();
    // Each tab with a lock of its own: what a browser without Web Locks gives.
    const a = (await startOn(new IdbStateStore(database), { locks: localLocks() })).backend;
    const b = (await startOn(await reopen(name), { locks: localLocks() })).backend;
    const [tokenA, tokenB] = [await signIn(a), await signIn(b)];
    const texts = ['one', 'two', 'three'];
    const answers = await Promise.all(
      texts.flatMap((t) => [createPost(a, tokenA, `A ${t}`), createPost(b, tokenB, `B ${t}`)]),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(201));

    const contents = await postContents((await startOn(await reopen(name))).backend);
    for (const t of texts) expect(contents).toEqual(expect.arrayContaining([`A ${t}`, `B ${t}`]));
    expect(contents).toHaveLength(SEED_POSTS + 6);
  });

  it('loads another tab’s save when it is announced, and reports it', async () => {
    const { database, name } = await freshDatabase();
    const locks = localLocks();
    const channelName = `murmur-test-${name}`;
    const channelA = new BroadcastChannel(channelName);
    const channelB = new BroadcastChannel(channelName);
    try {
      const a = (await startOn(new IdbStateStore(database), { locks, channel: channelA })).backend;
      const changed = new Promise<number>((resolve) => {
        void startOn(new IdbStateStore(database), { locks, channel: channelB, onExternalChange: resolve });
      });
      // Let B start before A writes.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await createPost(a, await signIn(a), 'Seen in the other tab');
      expect(await changed).toBe(a.revision);
    } finally {
      channelA.close();
      channelB.close();
    }
  });
});

function failingStore(store: StateStore, error: Error): StateStore {
  return storeWith(store, { save: () => Promise.reject(error), append: () => Promise.reject(error) });
}

describe('a save that fails', () => {
  it('answers 507 when the quota is exceeded and rolls the core back', async () => {
    const { database, name } = await freshDatabase();
    const store = new IdbStateStore(database);
    const { backend: first } = await startOn(store);
    const token = await signIn(first);
    await createPost(first, token, 'Saved before the disk filled');

    const full = failingStore(store, new DOMException('Quota exceeded', 'QuotaExceededError'));
    const { backend } = await startOn(full);
    const res = await createPost(backend, token, 'Never saved');
    expect(res).toEqual({ status: 507, json: { errors: [STORAGE_FULL] } });
    // The tab shows what is saved, nothing more.
    const contents = await postContents(backend);
    expect(contents).toContain('Saved before the disk filled');
    expect(contents).not.toContain('Never saved');
    expect(backend.revision).toBe(1);

    const reloaded = await startOn(await reopen(name));
    expect(await postContents(reloaded.backend)).toEqual(contents);
  });

  it('rolls back when IndexedDB itself refuses the put', async () => {
    const { database } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    try {
      expect((await createPost(backend, token, 'Too big')).status).toBe(507);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(await postContents(backend)).toHaveLength(SEED_POSTS);
    expect(await readAll(database, STATE_STORE)).toEqual([]);
    // Storage works again: so does saving.
    expect((await createPost(backend, token, 'Fits now')).status).toBe(201);
    expect(backend.revision).toBe(1);
  });

  it('names any other storage failure plainly', async () => {
    const { database } = await freshDatabase();
    const store = failingStore(new IdbStateStore(database), new DOMException('disk gone', 'UnknownError'));
    const { backend } = await startOn(store);
    const res = await createPost(backend, await signIn(backend), 'Lost?');
    expect(res).toEqual({ status: 507, json: { errors: [SAVE_FAILED] } });
    expect(await postContents(backend)).not.toContain('Lost?');
  });
});

describe('uploads and reset', () => {
  const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]).buffer;

  it('stores an upload with the state, and keeps it across a restart', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    const res = await upload(backend, png(), 'image/png', token);
    expect(res.status).toBe(201);
    const { mediaURL } = JSON.parse(bodyText(res)) as { mediaURL: string };
    expect(mediaURL).toMatch(/^\/media\/[\w-]+$/);
    const id = mediaURL.slice('/media/'.length);

    const reloaded = (await startOn(await reopen(name))).backend;
    const media = await reloaded.getMedia(id);
    expect(media?.type).toBe('image/png');
    expect(new Uint8Array(media!.bytes)).toEqual(new Uint8Array(png()));
    // The restored core hands out a new id, never the same one again.
    const next = JSON.parse(bodyText(await upload(reloaded, png(), 'image/png', token))) as { mediaURL: string };
    expect(next.mediaURL).not.toBe(mediaURL);
  });

  it('refuses non-images, files of 10 MB and anonymous uploads, storing nothing', async () => {
    const { database } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    const text = await upload(backend, new TextEncoder().encode('hello').buffer, 'text/plain', token);
    expect(text.status).toBe(400);
    expect(JSON.parse(bodyText(text))).toEqual({ errors: ['file must be an image (JPEG/PNG)'] });
    const big = await upload(backend, new ArrayBuffer(10_485_760), 'image/jpeg', token);
    expect(JSON.parse(bodyText(big))).toEqual({ errors: ['file must be less than 10mb'] });
    expect(big.status).toBe(400);
    expect((await upload(backend, png(), 'image/png', undefined)).status).toBe(401);
    expect(await readAll(database, MEDIA_STORE)).toEqual([]);
    expect(backend.revision).toBe(0);
  });

  it('reset puts the seed back, drops uploads and survives a restart', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    await createPost(backend, token, 'Gone after reset');
    await upload(backend, png(), 'image/png', token);

    const res = await backend.reset();
    expect(res.status).toBe(200);
    expect(await postContents(backend)).toHaveLength(SEED_POSTS);
    expect(await readAll(database, MEDIA_STORE)).toEqual([]);
    expect(backend.revision).toBe(3);

    const reloaded = (await startOn(await reopen(name))).backend;
    expect(await postContents(reloaded)).not.toContain('Gone after reset');
    expect(await postContents(reloaded)).toHaveLength(SEED_POSTS);
  });
});
