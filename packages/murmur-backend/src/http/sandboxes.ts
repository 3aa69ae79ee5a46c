// The HTTP server's states: the main one, and one per sandbox
// (`X-Murmur-Sandbox: NAME`), each made from the seed on first use and kept
// beside the main state (`<state>/sandboxes/NAME/`). Each is the same
// composition as the browser's and Node's (composeBackend): a core, the
// seed, and persistence (a directory, or memory).
//
// The msw handlers see one backend; which state it is, is the request's
// sandbox, carried through the handlers' async calls by AsyncLocalStorage.

import type { MurmurApiSettings } from '../core/hostOptions.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import type { MockCore } from '../../core/mock_core.js';
import type { ApiRequest, Backend } from '../core/coreCall.js';
import { composeBackend } from '../core/composeBackend.js';
import type { EventsBackend } from '../core/eventsRoute.js';
import type { MediaBackend } from '../core/mediaRoutes.js';
import { createNodeCore } from '../node/nodeCore.js';
import { FileStateStore } from '../persistence/fileStore.js';
import { FILE_COMPACT_EVERY, FILE_COMPACT_WHEN_IDLE } from '../persistence/compaction.js';
import { PersistentBackend } from '../persistence/persistentBackend.js';
import type { LoadableSeed, SeedReport } from '../core/seed.js';
import type { MediaRecord } from '../persistence/store.js';
import { TestState } from '../core/testState.js';
import { rm } from 'node:fs/promises';

export const SANDBOX_HEADER = 'x-murmur-sandbox';
/** The sandbox of an event stream opened by `EventSource` (which sends no header of its own): `GET /api/events?sandbox=NAME`. */
export const SANDBOX_PARAMETER = 'sandbox';
export const SANDBOX_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Live sandboxes at most; beyond, the least recently used idle one is closed (its state stays on disk). */
export const MAX_SANDBOXES = 256;

export const BAD_SANDBOX_NAME = `${SANDBOX_HEADER} must be 1 to 64 letters, digits, '_' or '-'`;

export interface StateOptions {
  basePath: string;
  /** The seed every state starts from, and its images, made once when a state first needs it. */
  seed: SeedSource;
  /** The main state's directory; null keeps everything in memory. */
  dir: string | null;
  /** The API's settings every state starts with (`--api`). */
  api?: MurmurApiSettings;
}

/** A state's seed (none: the core's own, the demo seed) and the images that come with it (a backup file's). */
export interface Seed {
  seed?: LoadableSeed;
  media: readonly MediaRecord[];
}

/** The seed, made (generated, or read from a file) when first asked for. */
export type SeedSource = () => Promise<Seed>;

/** `make`, run once when first asked for and then remembered; a failure is not remembered (a file fixed since is read again). */
export function seedSource(make: () => Promise<Seed>): SeedSource {
  let made: Promise<Seed> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };
}

export interface OpenState {
  core: MockCore;
  backend: PersistentBackend;
  /** What the core made of a `{users, posts}` seed it loaded now (null otherwise). */
  seedReport: SeedReport | null;
  /** Its journal of requests, stubs, faults and clock (../core/testState.ts). */
  testing: TestState;
  close(): Promise<void>;
}

/** Where a state's start-up went, ms by step (GET __murmur/health's `startup`). */
export interface OpenPhases {
  /** Making the seed (at a restart over a saved state, nothing: it waits for a reset). */
  seed: number;
  /** The wasm module and a core. */
  core: number;
  /** Reading the directory. */
  store: number;
  /** The seed or the saved state put into the core. */
  restore: number;
}

/**
 * One state: a new core (or `forked`, a core made by `MockCore.fork()`, which
 * holds its state already), the seed, and its directory (or memory).
 * `phases`, when given, gets the ms each step took.
 */
export async function openState(
  dir: string | null,
  options: StateOptions,
  phases?: OpenPhases,
  forked?: MockCore,
): Promise<OpenState> {
  let mark = performance.now();
  let seedMs = 0;
  const seed = async () => {
    const began = performance.now();
    try {
      return await options.seed();
    } finally {
      seedMs += performance.now() - began;
    }
  };
  const lap = (phase: Exclude<keyof OpenPhases, 'seed'>) => {
    const now = performance.now();
    if (phases) {
      phases[phase] = now - mark - seedMs;
      phases.seed += seedMs;
    }
    seedMs = 0;
    mark = now;
  };
  const core = forked ?? createNodeCore(options.basePath);
  lap('core');
  let store: FileStateStore | null = null;
  try {
    store = dir === null ? null : await FileStateStore.open(dir, { seedMedia: async () => (await seed()).media });
    const saved = store !== null && (await store.loadState()).loaded.kind === 'ok';
    lap('store');
    const { backend, seedReport } = await composeBackend({
      core,
      // Restarted over a saved state, which replaces the seed at once: the seed is made at the first reset.
      seed: saved ? async () => (await options.seed()).seed : (await seed()).seed,
      api: options.api,
      persistence: async (seeded) => {
        if (store === null) return { backend: PersistentBackend.inMemory(await seeded), notices: [] };
        return PersistentBackend.start({
          core: await seeded,
          store,
          compactEvery: FILE_COMPACT_EVERY,
          compactWhenIdle: FILE_COMPACT_WHEN_IDLE,
        });
      },
    });
    lap('restore');
    return {
      core,
      backend,
      seedReport,
      testing: new TestState(core),
      async close() {
        // A clean stop: the journal folded into the snapshot, so the next start replays nothing.
        if (store) await backend.compact();
        backend.close();
        await store?.close();
        core.free();
      },
    };
  } catch (error) {
    await (store as FileStateStore | null)?.close();
    core.free();
    throw error;
  }
}

/** A fork the server refuses (a name in use, a parent that is not there): a 409 or 404 for the client. */
export class ForkRefused extends Error {}

interface Live {
  state: Promise<OpenState>;
  inFlight: number;
  lastUsed: number;
}

export class States {
  readonly #options: StateOptions;
  readonly #main: OpenState;
  readonly #sandboxes = new Map<string, Live>();
  readonly #context = new AsyncLocalStorage<Promise<OpenState>>();
  #clock = 0;

  constructor(main: OpenState, options: StateOptions) {
    this.#main = main;
    this.#options = options;
  }

  get main(): OpenState {
    return this.#main;
  }

  /** The sandboxes open now, most recently used first. */
  get sandboxNames(): string[] {
    return [...this.#sandboxes.entries()].sort((a, b) => b[1].lastUsed - a[1].lastUsed).map(([name]) => name);
  }

  /** Runs `task` against the sandbox `name` (null: the main state); the handlers' backend is that state's meanwhile. */
  async run<T>(name: string | null, task: () => Promise<T>): Promise<T> {
    // The main state is the backend's default (no store): entered without
    // AsyncLocalStorage, whose promise hooks would tax every request.
    if (name === null) return task();
    const live = this.#open(name);
    live.inFlight += 1;
    live.lastUsed = ++this.#clock;
    try {
      await live.state;
      return await this.#context.run(live.state, task);
    } finally {
      live.inFlight -= 1;
      this.#evict();
    }
  }

  /** The backend the msw handlers call: the state of the request being answered. */
  backend(): Backend & MediaBackend & EventsBackend {
    const current = async () => (await (this.#context.getStore() ?? Promise.resolve(this.#main))).backend;
    return {
      liveEvents: async () => (await current()).live,
      handle: async (request: ApiRequest) => (await current()).handle(request),
      upload: async (...args) => (await current()).upload(...args),
      getMedia: async (id) => (await current()).getMedia(id),
      reset: async () => (await current()).reset(),
      exportBackup: async () => (await current()).exportBackup(),
      importBackup: async (file) => (await current()).importBackup(file),
    };
  }

  /** The test state of the request being answered (its sandbox's, or the main state's). */
  async testState(): Promise<TestState> {
    return (await (this.#context.getStore() ?? Promise.resolve(this.#main))).testing;
  }

  /**
   * Makes the sandbox `name` a fork of `parent`'s state (null: the main
   * state): its snapshot and uploads, without re-running its writes, and its
   * clock. The parent is only read; a reset of the fork goes back to where
   * it was forked. Refuses a name in use (an Error saying so).
   */
  async fork(name: string, parent: string | null): Promise<void> {
    if (this.#sandboxes.has(name))
      throw new ForkRefused(`The sandbox ${name} exists already: delete it first or fork to another name`);
    if (parent !== null && !this.#sandboxes.has(parent))
      throw new ForkRefused(`There is no sandbox ${parent} to fork from`);
    const from = parent === null ? this.#main : await this.#open(parent).state;
    const dir = this.#options.dir === null ? null : join(this.#options.dir, 'sandboxes', name);
    // On disk the fork's directory starts with the parent's uploads (and its
    // state, saved as the fork's first snapshot); in memory nothing is written.
    const media = dir === null ? [] : (await from.backend.savedState()).media;
    if (dir !== null) await rm(dir, { recursive: true, force: true });
    // The parent's core copied inside the wasm module (state, kept answers,
    // clock), with no snapshot text; its reset goes back to this point, so
    // the fork needs no seed of its own.
    const core = from.core.fork();
    const seed = async () => ({ media });
    const state = openState(dir, { ...this.#options, seed }, undefined, core);
    const live: Live = { state, inFlight: 0, lastUsed: ++this.#clock };
    this.#sandboxes.set(name, live);
    try {
      await state;
    } catch (error) {
      if (this.#sandboxes.get(name) === live) this.#sandboxes.delete(name);
      throw error;
    }
    this.#evict();
  }

  /** Closes the sandbox `name` and deletes what it kept: the next request to it starts from the seed. */
  async remove(name: string): Promise<boolean> {
    const live = this.#sandboxes.get(name);
    const dir = this.#options.dir === null ? null : join(this.#options.dir, 'sandboxes', name);
    this.#sandboxes.delete(name);
    if (live) await live.state.then((state) => state.close()).catch(() => undefined);
    if (dir !== null) await rm(dir, { recursive: true, force: true });
    return live !== undefined;
  }

  /** Closes every state (their journals flushed). */
  async close(): Promise<void> {
    const sandboxes = [...this.#sandboxes.values()];
    this.#sandboxes.clear();
    await Promise.all(sandboxes.map((live) => live.state.then((state) => state.close()).catch(() => undefined)));
    await this.#main.close();
  }

  #open(name: string): Live {
    let live = this.#sandboxes.get(name);
    if (!live) {
      const dir = this.#options.dir === null ? null : join(this.#options.dir, 'sandboxes', name);
      const state = openState(dir, this.#options);
      live = { state, inFlight: 0, lastUsed: 0 };
      this.#sandboxes.set(name, live);
      // A sandbox that could not open is forgotten: the next request tries again.
      state.catch(() => {
        if (this.#sandboxes.get(name) === live) this.#sandboxes.delete(name);
      });
    }
    return live;
  }

  /** Beyond MAX_SANDBOXES, closes the least recently used idle ones (on disk they stay; in memory they are gone). */
  #evict(): void {
    if (this.#sandboxes.size <= MAX_SANDBOXES) return;
    const idle = [...this.#sandboxes.entries()]
      .filter(([, live]) => live.inFlight === 0)
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [name, live] of idle.slice(0, this.#sandboxes.size - MAX_SANDBOXES)) {
      this.#sandboxes.delete(name);
      void live.state.then((state) => state.close()).catch(() => undefined);
    }
  }
}
