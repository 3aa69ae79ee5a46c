import 'fake-indexeddb/auto';
// An Idempotency-Key outlives a reload: the write is journaled with its key
// (and the Prefer it was sent with), and the journal's replay keeps the same
// answer under it, so a retry after the reload has no second effect.
import { describe, expect, it } from 'vitest';
import { bodyText } from '../core/coreCall.js';
import { PersistentBackend } from './persistentBackend.js';
import { createPost, freshDatabase, newCore, postContents, readAll, reopen, signIn } from './testing.js';
import { IdbStateStore } from './idbStateStore.js';

describe('Idempotency-Key across a reload', () => {
  it('journals the key, and a retry after the replay answers the first answer with one effect', async () => {
    const { database, name } = await freshDatabase();
    const { backend } = await PersistentBackend.start({ core: newCore(), store: new IdbStateStore(database) });
    const token = await signIn(backend);
    // The first change is saved in full; the ones after it are journaled.
    await createPost(backend, token, 'a first write');
    const write = (b: PersistentBackend) =>
      Promise.resolve(
        b.handle({
          method: 'POST',
          url: '/api/posts',
          authorization: token,
          body: JSON.stringify({ postData: { content: 'once across a reload' } }),
          prefer: 'return=minimal',
          idempotencyKey: 'reload-1',
        }),
      );
    const first = await write(backend);
    const firstBody = bodyText(first);
    expect(first.status).toBe(201);
    const journal = (await readAll(database, 'journal')) as { idempotencyKey?: string; prefer?: string }[];
    expect(journal.at(-1)).toMatchObject({ idempotencyKey: 'reload-1', prefer: 'return=minimal' });
    backend.close();

    // A reload: the saved snapshot, then the journal replayed.
    const { backend: reloaded } = await PersistentBackend.start({ core: newCore(), store: await reopen(name) });
    const again = await write(reloaded);
    expect([again.status, bodyText(again), again.changed]).toEqual([201, firstBody, false]);
    expect((await postContents(reloaded)).filter((c) => c === 'once across a reload')).toHaveLength(1);
    reloaded.close();
  });
});
