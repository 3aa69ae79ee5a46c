// The persistence's side of the live events: a change's events go out once
// it is saved, in every tab (each tab's backend makes the events of the
// writes it loads from the others), a reset or a restore sends every reader
// a resync, and a change whose save failed sends nothing.

import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { iterateEvents } from '../core/liveEvents.js';
import type { MurmurEvent } from '../core/eventsApi.js';
import { localLocks } from './locks.js';
import { PersistentBackend } from './persistentBackend.js';
import { IdbStateStore } from './idbStateStore.js';
import { type StateStore } from './store.js';
import { createPost, freshDatabase, newCore, signIn, storeWith } from './testing.js';

function startOn(store: StateStore, options: Partial<Parameters<typeof PersistentBackend.start>[0]> = {}) {
  return PersistentBackend.start({ core: newCore(), store, ...options });
}

/** The next `n` events of `reader`, or a rejection after `ms`. */
async function next(reader: AsyncGenerator<MurmurEvent>, n: number, ms = 5_000): Promise<MurmurEvent[]> {
  const events: MurmurEvent[] = [];
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${events.length} of ${n} events in ${ms} ms`)), ms),
  );
  while (events.length < n) {
    const { value, done } = await Promise.race([reader.next(), deadline]);
    if (done) break;
    events.push(value);
  }
  return events;
}

describe('live events and the tabs of one browser', () => {
  it('reach a reader of another tab’s backend, the same as this tab’s reader gets', async () => {
    const { database, name } = await freshDatabase();
    const locks = localLocks();
    const [channelA, channelB] = [new BroadcastChannel(name), new BroadcastChannel(name)];
    try {
      const a = (await startOn(new IdbStateStore(database), { locks, channel: channelA })).backend;
      let loadedInB: () => void = () => undefined;
      const b = (
        await startOn(new IdbStateStore(database), { locks, channel: channelB, onExternalChange: () => loadedInB() })
      ).backend;
      const token = await signIn(a);
      // The first save is a whole snapshot, which the other tab loads as a
      // new state (its readers read afresh); the writes after it are journal
      // entries, which it replays, making their events again.
      const loaded = new Promise<void>((resolve) => (loadedInB = resolve));
      await createPost(a, token, 'The first save');
      await loaded;
      const inA = iterateEvents(a.live, { token });
      const inB = iterateEvents(b.live, { token });
      const [fromA, fromB] = [next(inA, 1), next(inB, 1)];
      await createPost(a, token, 'Written in tab A, read in tab B');
      const [[seenInA], [seenInB]] = await Promise.all([fromA, fromB]);
      expect(seenInA).toMatchObject({
        event: 'post.created',
        data: { post: { content: 'Written in tab A, read in tab B' } },
      });
      expect(seenInB).toEqual(seenInA);
      await Promise.all([inA.return(), inB.return()]);
    } finally {
      channelA.close();
      channelB.close();
    }
  });

  it('tell every reader to read afresh after a reset', async () => {
    const { database } = await freshDatabase();
    const { backend } = await startOn(new IdbStateStore(database));
    const token = await signIn(backend);
    const reader = iterateEvents(backend.live, { token });
    const [[created]] = await Promise.all([next(reader, 1), createPost(backend, token, 'Gone at the reset')]);
    const resyncing = next(reader, 1);
    await backend.reset();
    const [resync] = await resyncing;
    expect(created!.event).toBe('post.created');
    expect(resync).toMatchObject({ event: 'resync', data: { revision: resync!.id } });
    expect(resync!.id).toBeGreaterThan(created!.id);
    await reader.return();
  });

  it('send nothing for a change whose save failed (it was undone)', async () => {
    const { database } = await freshDatabase();
    const store = new IdbStateStore(database);
    let failing = false;
    const flaky = storeWith(store, {
      append: (entry, options) => (failing ? Promise.reject(new Error('disk on fire')) : store.append(entry, options)),
      save: (state, options) => (failing ? Promise.reject(new Error('disk on fire')) : store.save(state, options)),
    });
    const { backend } = await startOn(flaky);
    const token = await signIn(backend);
    await createPost(backend, token, 'saved first');
    const reader = iterateEvents(backend.live, { token });
    const events = next(reader, 1);
    failing = true;
    expect((await createPost(backend, token, 'never saved')).status).toBeGreaterThanOrEqual(500);
    failing = false;
    await createPost(backend, token, 'saved after');
    const [event] = await events;
    // The failed write's events never went out; the next saved one did (a
    // rollback replaces the core's state, so it may come as a resync).
    expect(JSON.stringify(event)).not.toContain('never saved');
    await reader.return();
  });
});
