// The one composition every environment starts its backend with (the
// browser's startMurmurBackend, Node's createMurmurServer, the HTTP server):
// a core, the host's seed applied to it (and again on every reset), and the
// persistence that keeps its state (IndexedDB, a directory, or memory).

import type { PersistentBackend, SnapshotCore } from '../persistence/persistentBackend.js';
import {
  checkSeed,
  loadableSeed,
  type LoadableSeed,
  type MurmurSeed,
  type SeedableCore,
  type SeedReport,
} from './seed.js';
import type { MurmurApiSettings } from './hostOptions.js';
import { seededCore, type SeedMaker } from './seededCore.js';

/** What composeBackend seeds: the wasm `MockCore`, or one still loading. */
export type ComposableCore = SnapshotCore & SeedableCore;

/** Keeps the seeded core's state: resolves with the backend that answers requests, and notices for the user. */
export type Persistence = (
  core: SnapshotCore | Promise<SnapshotCore>,
) => Promise<{ backend: PersistentBackend; notices: string[] }>;

export interface ComposeOptions {
  core: ComposableCore | Promise<ComposableCore>;
  /**
   * The host's seed; default the core's own (the demo seed). A `SeedMaker`
   * is for a persistence that holds a saved state which replaces the seeded
   * one at once (a server restarted over its directory): the seed is made
   * and applied at the first reset instead of now. A saved state that fails
   * to load is a reset too.
   */
  seed?: MurmurSeed | SeedMaker;
  /** The API's settings, applied before the seed (a wrong one throws, saying what to change). */
  api?: MurmurApiSettings;
  persistence: Persistence;
}

/** The backend, notices for the user, and what the core made of the seed (see `SeedReport`). */
export interface Composed {
  backend: PersistentBackend;
  notices: string[];
  seedReport: SeedReport | null;
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/**
 * The backend over `core` with `seed` applied, kept by `persistence`. A
 * wrong `generate` option, or (with a core and seed already there) a seed the
 * core refuses, throws a `SeedError` at once, before anything else starts;
 * otherwise the promise rejects with it. While the core or a generated seed
 * is still loading, persistence opens its storage meanwhile. `seedReport`:
 * what the core made of a `{users, posts}` seed applied at the start.
 */
export function composeBackend(options: ComposeOptions): Promise<Composed> {
  const given = options.seed;
  if (typeof given === 'function')
    return options
      .persistence(Promise.resolve(options.core).then((ready) => seededCore(ready, given, options.api).core))
      .then((composed) => ({ ...composed, seedReport: null }));
  checkSeed(given);
  // Only a generated seed waits (its generator loads first); the others apply at once.
  const seed: LoadableSeed | Promise<LoadableSeed> | undefined =
    given && 'generate' in given ? loadableSeed(given) : given;
  const { core } = options;
  if (isPromise(core) || isPromise(seed)) {
    const seeded = Promise.all([core, seed]).then(([ready, loadable]) => {
      performance.mark('murmur:seed-made');
      const result = seededCore(ready, loadable, options.api);
      performance.mark('murmur:seed-loaded');
      return result;
    });
    const persisted = options.persistence(seeded.then((result) => result.core));
    return Promise.all([persisted, seeded]).then(([composed, { report }]) => ({ ...composed, seedReport: report }));
  }
  const { core: seededNow, report } = seededCore(core, seed, options.api);
  return options.persistence(seededNow).then((composed) => ({ ...composed, seedReport: report }));
}
