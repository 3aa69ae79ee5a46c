// @vitest-environment node
// The HTTP server's state directory: recovery drops a torn last line (and
// anything after a line that does not parse) and the lines a newer snapshot
// already holds; an upload is on disk before its line; the directory lock
// is taken over from a dead process and refused by a live one.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirectoryLockedError, LOCK_FILE, lockDirectory } from './directoryLock.js';
import type { MockCore } from '../../core/mock_core.js';
import { bodyText, callCore } from '../core/apiRoute.js';
import { createNodeCore } from '../node/nodeCore.js';
import { RESTORED_FROM_SEED } from './constants.js';
import { FileStateStore, JOURNAL_FILE, MEDIA_DIR, readJournalText, snapshotDigest, STATE_FILE } from './fileStore.js';
import { PersistentBackend } from './persistentBackend.js';
import { newHead, toSaved, type JournalEntry, type SavedHead } from './format.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'murmur-store-'));

/** The demo guest's token from `core`. */
const guestToken = (core: MockCore) =>
  (
    JSON.parse(
      bodyText(
        callCore(
          core,
          'POST',
          '/api/auth/login',
          undefined,
          JSON.stringify({ username: 'guest', password: 'guest123' }),
        ),
      ),
    ) as { encodedToken: string }
  ).encodedToken;

function entry(previous: SavedHead, n: number): JournalEntry {
  const head = newHead(previous);
  return {
    ...head,
    parent: previous.stamp,
    method: 'POST',
    url: `/api/posts/like/p-0${n}`,
    authorization: 'token',
    body: '',
    nowMs: 1,
    offsetMinutes: 0,
  };
}

async function storeWithEntries(dir: string, count: number) {
  const store = await FileStateStore.open(dir);
  const base = newHead(null);
  await store.save(toSaved(base, '{"snapshot":true}'));
  let head: SavedHead = base;
  const entries: JournalEntry[] = [];
  for (let n = 1; n <= count; n++) {
    const next = entry(head, n);
    await store.append(next, { expected: head });
    entries.push(next);
    head = next;
  }
  await store.flushed();
  await store.close();
  return { base, entries };
}

describe('readJournalText', () => {
  it('keeps whole lines and drops a torn last one', () => {
    expect(readJournalText('{"a":1}\n{"b":2}\n{"c":')).toEqual({ entries: [{ a: 1 }, { b: 2 }], dropped: 1 });
    expect(readJournalText('{"a":1}\nnot json\n{"b":2}\n')).toEqual({ entries: [{ a: 1 }], dropped: 2 });
    expect(readJournalText('')).toEqual({ entries: [], dropped: 0 });
  });
});

describe('FileStateStore', () => {
  it('writes the snapshot text as it is after one line of fields, and reads the older one-JSON layout too', async () => {
    const dir = tmp();
    const snapshot = '{"format":"murmur-core","posts":[{"content":"a \\"quoted\\" line"}]}';
    const store = await FileStateStore.open(dir);
    const head = newHead(null);
    await store.save(toSaved(head, snapshot));
    await store.close();
    const text = readFileSync(join(dir, STATE_FILE), 'utf8');
    const newline = text.indexOf('\n');
    expect(JSON.parse(text.slice(0, newline))).not.toHaveProperty('snapshot');
    expect(text.slice(newline + 1)).toBe(snapshot);
    // Read back unchanged (its digest matches): marked as the core's own export.
    const again = await FileStateStore.open(dir);
    expect((await again.loadState()).loaded).toEqual({
      kind: 'ok',
      saved: { ...toSaved(head, snapshot), exported: true },
    });
    await again.close();
    // A state.json written whole as JSON (before this layout) loads as it did.
    writeFileSync(join(dir, STATE_FILE), JSON.stringify(toSaved(head, snapshot)));
    const older = await FileStateStore.open(dir);
    expect((await older.loadState()).loaded).toEqual({ kind: 'ok', saved: toSaved(head, snapshot) });
    await older.close();
    // Neither layout: kept aside at start-up, as an unreadable state is.
    writeFileSync(join(dir, STATE_FILE), 'not json\n{}');
    const broken = await FileStateStore.open(dir);
    expect((await broken.loadState()).loaded.kind).toBe('unreadable');
    await broken.close();
  });

  it('recovers the snapshot and every whole line, dropping a torn tail for good', async () => {
    const dir = tmp();
    const { entries } = await storeWithEntries(dir, 3);
    appendFileSync(join(dir, JOURNAL_FILE), '{"revision":5,"stamp":"half wri');
    const store = await FileStateStore.open(dir);
    expect(store.recovered.droppedLines).toBe(1);
    const { loaded, journal, head } = await store.loadState();
    expect(loaded.kind).toBe('ok');
    expect(journal).toEqual(entries);
    expect(head).toMatchObject({ revision: entries[2]!.revision, stamp: entries[2]!.stamp });
    // The next line follows the last good one.
    const next = entry(entries[2]!, 4);
    await store.append(next, { expected: entries[2]! });
    await store.flushed();
    await store.close();
    const lines = readFileSync(join(dir, JOURNAL_FILE), 'utf8').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as JournalEntry).revision)).toEqual([2, 3, 4, 5]);
  });

  it('drops lines the snapshot already holds (a crash between the snapshot and the truncation)', async () => {
    const dir = tmp();
    const { entries } = await storeWithEntries(dir, 2);
    const stale = readFileSync(join(dir, JOURNAL_FILE), 'utf8');
    const store = await FileStateStore.open(dir);
    await store.save(toSaved(entries[1]!, '{"snapshot":2}'));
    await store.close();
    writeFileSync(join(dir, JOURNAL_FILE), stale); // as if the truncation never happened
    const reopened = await FileStateStore.open(dir);
    expect((await reopened.loadState()).journal).toEqual([]);
    await reopened.close();
  });

  it('writes an upload to disk before the journal line that names it', async () => {
    const dir = tmp();
    const store = await FileStateStore.open(dir);
    const base = newHead(null);
    await store.save(toSaved(base, '{}'));
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).buffer;
    const next = entry(base, 1);
    await store.append(next, { expected: base, media: { id: 'm-01', type: 'image/png', bytes } });
    // Appended, not yet flushed: the image is already there.
    expect(existsSync(join(dir, MEDIA_DIR, 'm-01'))).toBe(true);
    expect(readFileSync(join(dir, JOURNAL_FILE), 'utf8')).toBe('');
    await store.flushed();
    expect(readFileSync(join(dir, JOURNAL_FILE), 'utf8')).toContain('"revision":2');
    expect(await store.getMedia('m-01')).toMatchObject({ id: 'm-01', type: 'image/png' });
    await store.close();
  });
});

describe('a snapshot read back as the server wrote it', () => {
  /** A core that records which import loaded the saved state. */
  function spiedCore() {
    const core = createNodeCore();
    const calls: string[] = [];
    return {
      calls,
      core: Object.assign(Object.create(core) as MockCore, {
        importSnapshot: (json: string) => (calls.push('checked'), core.importSnapshot(json)),
        importExportedSnapshot: (json: string) => (calls.push('exported'), core.importExportedSnapshot(json)),
      }),
    };
  }

  async function savedState(dir: string): Promise<string> {
    const core = createNodeCore();
    const store = await FileStateStore.open(dir);
    const { backend } = await PersistentBackend.start({ core, store });
    await backend.handle({
      method: 'POST',
      url: '/api/posts',
      body: JSON.stringify({ postData: { content: 'kept' } }),
      authorization: guestToken(core),
    });
    await backend.reset(); // a full snapshot in state.json
    await backend.handle({
      method: 'POST',
      url: '/api/posts',
      body: JSON.stringify({ postData: { content: 'kept' } }),
      authorization: guestToken(core),
    });
    await store.close();
    core.free();
    return readFileSync(join(dir, STATE_FILE), 'utf8');
  }

  it('is loaded without checking its rules again; an edited one is checked and refused when it breaks one', async () => {
    const dir = tmp();
    const text = await savedState(dir);
    const [fields, snapshot] = [text.slice(0, text.indexOf('\n')), text.slice(text.indexOf('\n') + 1)];
    expect(JSON.parse(fields)).toMatchObject({ snapshotSha256: snapshotDigest(snapshot) });

    const unchanged = spiedCore();
    const store = await FileStateStore.open(dir);
    const { backend, notices } = await PersistentBackend.start({ core: unchanged.core, store });
    expect(notices).toEqual([]);
    expect(unchanged.calls).toEqual(['exported']);
    const posts = JSON.parse(
      bodyText(await backend.handle({ method: 'GET', url: '/api/posts', authorization: undefined, body: '' })),
    ) as {
      posts: { content: string }[];
    };
    expect(posts.posts.filter((post) => post.content === 'kept')).toHaveLength(1);
    await store.close();

    // Edited by hand (a like count that does not match its likers), digest left as it was: checked, refused, set aside.
    const edited = snapshot.replace('"likeCount":0', '"likeCount":7');
    expect(edited).not.toBe(snapshot);
    writeFileSync(join(dir, STATE_FILE), `${fields}\n${edited}`);
    const checked = spiedCore();
    const again = await FileStateStore.open(dir);
    const restarted = await PersistentBackend.start({ core: checked.core, store: again });
    expect(checked.calls[0]).toBe('checked');
    expect(restarted.notices).toEqual([RESTORED_FROM_SEED]);
    await again.close();
  });
});

describe('lockDirectory', () => {
  it('takes over the lock of a process that is gone, and refuses one held by a live process', async () => {
    const dir = tmp();
    const gone = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => gone.on('exit', () => resolve(gone.pid!)));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, startedAt: '2026-01-01T00:00:00.000Z' }));
    const lock = await lockDirectory(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    const second = lockDirectory(dir);
    await expect(second).rejects.toThrow(DirectoryLockedError);
    await expect(second).rejects.toThrow(`${dir} is in use by process ${process.pid}`);
    await lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
