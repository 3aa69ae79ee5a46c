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
import { bodyText, callCore } from '../core/coreCall.js';
import { createNodeCore } from '../node/nodeCore.js';
import { RESTORED_FROM_SEED } from './constants.js';
import { FileStateStore, JOURNAL_FILE, MEDIA_DIR, readJournalText } from './fileStore.js';
import { STATE_FILE } from './stateFile.js';
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
  it('writes state.json as two JSON texts, the head and the snapshot as the core wrote it, and sets aside one that is not', async () => {
    const dir = tmp();
    const snapshot = '{"format":"murmur-core","posts":[{"content":"a \\"quoted\\" line ✨"}]}';
    const store = await FileStateStore.open(dir);
    const head = newHead(null);
    await store.save(toSaved(head, snapshot));
    await store.close();
    const text = readFileSync(join(dir, STATE_FILE), 'utf8');
    const [first, ...rest] = text.split('\n');
    expect(JSON.parse(first!)).toEqual({ format: 'murmur-demo-data', version: 1, ...head });
    expect(rest.join('\n')).toBe(snapshot);
    const again = await FileStateStore.open(dir);
    expect((await again.loadState()).loaded).toEqual({ kind: 'ok', saved: toSaved(head, snapshot) });
    await again.close();
    // The snapshot may be laid out on many lines (the core reads it as JSON); the head has its line.
    const pretty = JSON.stringify(JSON.parse(snapshot), null, 2);
    writeFileSync(join(dir, STATE_FILE), `${first}\n${pretty}`);
    const laidOut = await FileStateStore.open(dir);
    expect((await laidOut.loadState()).loaded).toEqual({ kind: 'ok', saved: toSaved(head, pretty) });
    await laidOut.close();
    // Not a head and a snapshot: kept aside at start-up, as an unreadable state is.
    for (const broken of [
      'not json\n{}',
      JSON.stringify(toSaved(head, snapshot)),
      '{"format":"murmur-demo-data"}\n{}',
    ]) {
      writeFileSync(join(dir, STATE_FILE), broken);
      const refused = await FileStateStore.open(dir);
      expect((await refused.loadState()).loaded).toMatchObject({ kind: 'unreadable' });
      await refused.close();
    }
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

describe('a state.json edited by hand', () => {
  it('is checked by the core like any saved state: one that breaks a rule is set aside and the seed loads', async () => {
    const dir = tmp();
    const core = createNodeCore();
    const store = await FileStateStore.open(dir);
    const { backend } = await PersistentBackend.start({ core, store });
    const post = () =>
      backend.handle({
        method: 'POST',
        url: '/api/posts',
        body: JSON.stringify({ postData: { content: 'kept' } }),
        authorization: guestToken(core),
      });
    await post();
    await backend.reset(); // a full snapshot in state.json
    await post();
    await store.close();
    core.free();
    const [head, snapshot] = readFileSync(join(dir, STATE_FILE), 'utf8').split('\n') as [string, string];

    // Read back as written: the post made after the reset is there once.
    const restarted = createNodeCore();
    const again = await FileStateStore.open(dir);
    const { backend: back, notices } = await PersistentBackend.start({ core: restarted, store: again });
    expect(notices).toEqual([]);
    const answer = await back.handle({ method: 'GET', url: '/api/posts', authorization: undefined, body: '' });
    const { posts } = JSON.parse(bodyText(answer)) as { posts: { content: string }[] };
    expect(posts.filter((p) => p.content === 'kept')).toHaveLength(1);
    await again.close();
    restarted.free();

    // A like count that does not match its likers: refused by the core, set aside, the seed loaded.
    const edited = snapshot.replace('"likeCount":0', '"likeCount":7');
    expect(edited).not.toBe(snapshot);
    writeFileSync(join(dir, STATE_FILE), `${head}\n${edited}`);
    const checked = createNodeCore();
    const third = await FileStateStore.open(dir);
    const refused = await PersistentBackend.start({ core: checked, store: third });
    expect(refused.notices).toEqual([RESTORED_FROM_SEED]);
    await third.close();
    checked.free();
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
