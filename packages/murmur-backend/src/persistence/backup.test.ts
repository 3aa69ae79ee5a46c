// @vitest-environment node
// (Node's own Blob and File, which have text(); jsdom's do not.)
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_MAX_BYTES,
  BACKUP_MESSAGES,
  BackupError,
  backupFileName,
  readBackup,
  type BackupProblem,
} from './backup.js';
import { backupApi } from './backupApi.js';
import { createMurmurServer } from '../node/index.js';
import { localLocks } from './locks.js';
import { PersistentBackend } from './persistentBackend.js';
import { STORAGE_CLEARED } from './constants.js';
import { lossNotices, memoryMarker } from './savedMarker.js';
import { type StateStore } from './store.js';
import { IdbStateStore } from './idbStateStore.js';
import { call, createPost, freshDatabase, newCore, postContents, reopen, signIn, upload } from './testing.js';

// A 2×2 PNG and a tiny JPEG header: real images by their first bytes.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC'),
  (c) => c.charCodeAt(0),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

async function startOn(store: StateStore, options: Partial<Parameters<typeof PersistentBackend.start>[0]> = {}) {
  return (await PersistentBackend.start({ core: newCore(), store, ...options })).backend;
}

/** A backend on a fresh database with a post, a PNG and a JPEG uploaded: its token too. */
async function withData() {
  const { database, name } = await freshDatabase();
  const backend = await startOn(new IdbStateStore(database));
  const token = await signIn(backend);
  for (const image of [PNG, JPEG]) {
    const res = await upload(backend, image.slice().buffer, image === PNG ? 'image/png' : 'image/jpeg', token);
    expect(res.status).toBe(201);
  }
  expect((await createPost(backend, token, 'Kept in the backup')).status).toBe(201);
  return { backend, token, name, database };
}

const bytesOf = async (backend: PersistentBackend, id: string) => {
  const media = await backend.getMedia(id);
  return media ? [media.type, [...new Uint8Array(media.bytes)]] : undefined;
};

describe('a backup', () => {
  it('export → reset → import → export gives the same file, images included', async () => {
    const { backend } = await withData();
    const first = await backend.exportBackup();
    const file = JSON.parse(first) as { format: string; version: number; images: { id: string; type: string }[] };
    expect(file).toMatchObject({ format: 'murmur-backup', version: 1 });
    expect(file.images.map(({ id, type }) => [id, type])).toEqual([
      ['m-01', 'image/png'],
      ['m-02', 'image/jpeg'],
    ]);

    await backend.reset();
    expect(await postContents(backend)).not.toContain('Kept in the backup');
    expect(await backend.getMedia('m-01')).toBeUndefined();

    const summary = await backend.importBackup(new Blob([first], { type: 'application/json' }));
    expect(summary).toMatchObject({ users: 6, posts: 13, images: 2, bytes: first.length });
    expect(summary.latestActivity).toBeGreaterThan(Date.now() - 60_000);
    expect(await backend.exportBackup()).toBe(first);
    expect(await postContents(backend)).toContain('Kept in the backup');
    expect(await bytesOf(backend, 'm-01')).toEqual(['image/png', [...PNG]]);
    expect(await bytesOf(backend, 'm-02')).toEqual(['image/jpeg', [...JPEG]]);
  });

  it('is restored after a reload: the restore is saved', async () => {
    const { backend, name } = await withData();
    const backup = await backend.exportBackup();
    await backend.reset();
    await backend.importBackup(backup);
    const reloaded = await startOn(await reopen(name));
    expect(await reloaded.exportBackup()).toBe(backup);
    // The restored users sign in (their salts and digests came back).
    expect(await signIn(reloaded)).toBeTruthy();
  });

  it('moves the data to another device: a backend that never saw it restores it whole', async () => {
    const { backend } = await withData();
    const backup = await backend.exportBackup();
    const { database } = await freshDatabase();
    const elsewhere = await startOn(new IdbStateStore(database));
    await elsewhere.importBackup(backup);
    expect(await elsewhere.exportBackup()).toBe(backup);
    // And writes go on from there (the restored head is a save to append to).
    expect((await createPost(elsewhere, await signIn(elsewhere), 'After the move')).status).toBe(201);
    expect(await postContents(elsewhere)).toEqual(expect.arrayContaining(['Kept in the backup', 'After the move']));
  });

  it('is named by the local date', () => {
    expect(backupFileName(new Date(2026, 0, 5, 23, 59))).toBe('murmur-backup-2026-01-05.json');
  });

  it('is offered to other apps as a File by the package API', async () => {
    const { backend } = await withData();
    const api = backupApi(backend);
    const file = await api.exportBackup();
    expect(file.name).toMatch(/^murmur-backup-\d{4}-\d\d-\d\d\.json$/);
    expect(file.type).toBe('application/json');
    await backend.reset();
    expect(await api.importBackup(file)).toMatchObject({ posts: 13, images: 2 });
    expect(await postContents(backend)).toContain('Kept in the backup');
  });
});

/** Each class of bad file, made from a good backup. */
function badFiles(good: string): [BackupProblem, string, Blob | string][] {
  const parsed = JSON.parse(good) as { state: { posts: { _id: string }[] }; images: { data: string }[] };
  const withState = (change: (state: typeof parsed.state) => void) => {
    const copy = JSON.parse(good) as typeof parsed;
    change(copy.state);
    return JSON.stringify(copy);
  };
  const notAnImage = JSON.parse(good) as typeof parsed;
  notAnImage.images[0]!.data = btoa('<svg xmlns="http://www.w3.org/2000/svg"/>');
  return [
    ['not-json', BACKUP_MESSAGES.notJson, 'These are my holiday notes, not JSON.'],
    ['other-format', BACKUP_MESSAGES.otherFormat, JSON.stringify({ format: 'murmur-snapshot', version: 1, users: [] })],
    ['other-format', BACKUP_MESSAGES.otherFormat, '[1, 2, 3]'],
    ['newer-version', BACKUP_MESSAGES.newerVersion(2), good.replace('"version":1', '"version":2')],
    ['truncated', BACKUP_MESSAGES.truncated, good.slice(0, Math.floor(good.length / 2))],
    // Over the limit: refused by its size, before a byte of it is read.
    [
      'too-large',
      BACKUP_MESSAGES.tooLarge,
      { size: BACKUP_MAX_BYTES + 1, text: () => Promise.reject(new Error('read')) } as Blob,
    ],
    ['not-an-image', BACKUP_MESSAGES.notAnImage('m-01'), JSON.stringify(notAnImage)],
    [
      'state-refused',
      BACKUP_MESSAGES.stateRefused('posts lists "p-01" twice'),
      withState((state) => {
        state.posts[1]!._id = 'p-01';
      }),
    ],
    [
      'damaged',
      BACKUP_MESSAGES.damaged('it holds no state'),
      JSON.stringify({ format: 'murmur-backup', version: 1, images: [] }),
    ],
  ];
}

describe('a bad file changes nothing', () => {
  it('each class is refused with a message saying which, and the data stays as it was', async () => {
    const { backend, name, token } = await withData();
    const good = await backend.exportBackup();
    // A change after the backup: the data to keep is not the backup's.
    expect((await createPost(backend, token, 'Made after the backup')).status).toBe(201);
    const before = await backend.exportBackup();
    const revision = backend.revision;

    for (const [problem, message, file] of badFiles(good)) {
      const refusal = await backend.importBackup(file).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal, problem).toBeInstanceOf(BackupError);
      expect((refusal as BackupError).problem).toBe(problem);
      expect((refusal as BackupError).message).toBe(message);
      expect(message).toContain('Nothing was changed.');
      expect(await backend.exportBackup()).toBe(before);
      expect(backend.revision).toBe(revision);
    }
    // Nor was anything saved: a reload finds the same data.
    expect(await (await startOn(await reopen(name))).exportBackup()).toBe(before);
  });

  it('the limit is checked on the text of a file too', async () => {
    await expect(readBackup('x'.repeat(11), 10)).rejects.toMatchObject({ problem: 'too-large' });
  });
});

describe('several tabs', () => {
  it('a second tab follows a restore', async () => {
    const { backend: first, database, name } = await withData();
    const backup = await first.exportBackup();
    await first.reset();
    first.close();
    const locks = localLocks();
    const channelName = `murmur-backup-${name}`;
    const [channelA, channelB] = [new BroadcastChannel(channelName), new BroadcastChannel(channelName)];
    try {
      const a = await startOn(new IdbStateStore(database), { locks, channel: channelA });
      let heard!: (revision: number) => void;
      const followed = new Promise<number>((resolve) => (heard = resolve));
      const b = await startOn(await reopen(name), { locks, channel: channelB, onExternalChange: (r) => heard(r) });
      expect(await postContents(b)).not.toContain('Kept in the backup');

      await a.importBackup(backup);
      expect(await followed).toBe(a.revision);
      expect(await postContents(b)).toContain('Kept in the backup');
      expect(await bytesOf(b, 'm-01')).toEqual(['image/png', [...PNG]]);
      expect(await b.exportBackup()).toBe(backup);
    } finally {
      channelA.close();
      channelB.close();
    }
  });
});

describe('the backup routes', () => {
  const { server } = createMurmurServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('download a backup, and restore it after a reset', async () => {
    const download = await fetch('http://localhost/__murmur/backup');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="murmur-backup-\d{4}-\d\d-\d\d\.json"$/,
    );
    const backup = await download.text();
    const login = await fetch('http://localhost/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'guest', password: 'guest123' }),
    });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    await fetch('http://localhost/api/posts', {
      method: 'POST',
      headers: { authorization: encodedToken },
      body: JSON.stringify({ postData: { content: 'Undone by the restore' } }),
    });

    const restored = await fetch('http://localhost/__murmur/restore', { method: 'POST', body: backup });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ restored: { users: 6, posts: 12, images: 0 } });
    expect(await (await fetch('http://localhost/__murmur/backup')).text()).toBe(backup);
  });

  it('a garbage file answers 400 with its message, one over the limit 413', async () => {
    const garbage = await fetch('http://localhost/__murmur/restore', { method: 'POST', body: 'garbage' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ errors: [BACKUP_MESSAGES.notJson] });
    const huge = await fetch('http://localhost/__murmur/restore', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': String(BACKUP_MAX_BYTES + 1) },
    });
    // Refused by the length it declares, before the body is read.
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ errors: [BACKUP_MESSAGES.tooLarge] });
  });
});

describe('noticing that the browser cleared the data', () => {
  it('says nothing on a first visit', () => {
    expect(lossNotices(false, memoryMarker(false))).toEqual([]);
  });

  it('marks a state found, and says nothing', () => {
    const marker = memoryMarker(false);
    expect(lossNotices(true, marker)).toEqual([]);
    expect(marker.saved).toBe(true);
  });

  it('says once that a state saved before is gone', () => {
    const marker = memoryMarker(true);
    expect(lossNotices(false, marker)).toEqual([STORAGE_CLEARED]);
    expect(lossNotices(false, marker)).toEqual([]);
  });

  it('a backend reports whether start-up found a saved state, and each save it makes', async () => {
    const { database, name } = await freshDatabase();
    let saves = 0;
    const fresh = await startOn(new IdbStateStore(database), { onSaved: () => (saves += 1) });
    expect(fresh.foundSavedState).toBe(false);
    await createPost(fresh, await signIn(fresh), 'Saved');
    expect(saves).toBe(1);
    expect((await startOn(await reopen(name))).foundSavedState).toBe(true);
    const answer = await call(fresh, 'GET', '/api/posts');
    expect(answer.status).toBe(200);
  });
});
