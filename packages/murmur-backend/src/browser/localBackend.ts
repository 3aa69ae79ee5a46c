// The backend itself, in whatever thread runs it: the wasm core loaded, the
// seed applied (or the saved state restored), its persistence, and the msw
// handlers that answer its routes. The backend's worker (./backendWorker.ts)
// runs it; a page whose browser cannot start that worker runs it itself
// (./index.ts), as a server runs the same composition in Node.

import { getResponse, type RequestHandler } from 'msw';
import init, { MockCore } from '../../core/mock_core.js';
import { backendHandlers, whenStarted } from '../core/routes.js';
import type { MurmurCommonOptions } from '../core/hostOptions.js';
import { composeBackend } from '../core/composeBackend.js';
import type { SeedReport } from '../core/seed.js';
import type { PersistentBackend } from '../persistence/persistentBackend.js';
import { TestState } from '../core/testState.js';
import { startBackend, type Persist } from './startBackend.js';
import type { PageSide } from './indexedDbPersistence.js';
import { whenIdle } from './whenIdle.js';

/** What the backend is started with: the host's options, where the data lives and where the core's `.wasm` is. */
export interface LocalOptions extends MurmurCommonOptions {
  basePath: string;
  persist: Persist;
  /** The `.wasm`: its URL, or a response (or its bytes) already on the way. */
  wasm: string | URL | Response | PromiseLike<Response> | ArrayBuffer;
}

/** Said once the backend has started. */
export interface StartReport {
  notices: string[];
  seedReport: SeedReport | null;
  /** A saved state was restored (the seed is not what the data shows). */
  foundSavedState: boolean;
}

export interface LocalBackend {
  /** The backend's answer to one of its routes (`undefined`: none of its handlers knows it). */
  respond(request: Request): Promise<Response | undefined>;
  /** Settles once requests are answered; rejects as the start-up failed. */
  started: Promise<StartReport>;
  backend: Promise<PersistentBackend>;
  core: Promise<MockCore>;
  testState: Promise<TestState>;
}

async function loadCore(wasm: LocalOptions['wasm'], basePath: string): Promise<MockCore> {
  await init({ module_or_path: wasm });
  performance.mark('murmur:core-ready');
  return new MockCore({ basePath });
}

/**
 * Starts the backend: the handlers exist at once (a request waits for the
 * start), and `started` says when and how it started. `page` is where its
 * window events and the saved-state mark go.
 */
export function startLocalBackend(options: LocalOptions, page?: PageSide): LocalBackend {
  const core = loadCore(options.wasm, options.basePath);
  core.catch(() => undefined); // reported through `started`
  const composed = composeBackend({
    core,
    seed: options.seed,
    api: options.api,
    persistence: (seeded) => startBackend(seeded, options.persist, page),
  });
  const backend = composed.then(({ backend: ready }) => ready);
  backend.catch(() => undefined); // reported through `started`
  const started = composed.then(({ backend: ready, notices, seedReport }) => {
    performance.mark('murmur:data-restored');
    // The search index is built by the first tag feed or search otherwise: in
    // a large state (10,000 posts) that first page would wait for it.
    void whenIdle()
      .then(() => core)
      .then((made) => made.prepareSearch());
    return { notices, seedReport, foundSavedState: ready.foundSavedState };
  });
  // The state's test state (docs/testing.md): its journal, stubs, faults and clock, behind the same
  // `__murmur/requests`, `requests.har`, `stubs` and `clock` routes as a server's.
  const testState = core.then((made) => new TestState(made));
  testState.catch(() => undefined); // reported through `started`
  const handlers: RequestHandler[] = backendHandlers(whenStarted(backend), { ...options, testing: () => testState });
  return {
    respond: (request) => getResponse(handlers, request, { quiet: true }),
    started,
    backend,
    core,
    testState,
  };
}
