// The browser entry (`@murmur/backend`): `await startMurmurBackend({...})`
// before the app renders. Node tests: `createMurmurServer` from
// `@murmur/backend/node`.

import { setupWorker, type SetupWorker } from 'msw/browser';
import init, { MockCore } from '../core/mock_core.js';
import { createHandlers } from './handlers.js';
import { createInPageTransport } from './inPageTransport.js';
import { BACKEND_PREFIXES, normalizeBasePath, withHostOptions, type MurmurCommonOptions } from './options.js';
import { createPersistenceHandlers } from './persistence/index.js';
import { seededCore } from './seededCore.js';
import { startBackend, type Persist } from './startBackend.js';

export type { Latency, MurmurCommonOptions, UnhandledRequest } from './options.js';
export type { Persist } from './startBackend.js';
export { SeedError, type MurmurSeed, type SeedPost, type SeedUser } from './seed.js';
export * from './shared.js';

export interface MurmurBackendOptions extends MurmurCommonOptions {
  /** Where the site lives, with leading and trailing slash: the worker's scope and the routes' prefix. Default `/`. */
  basePath?: string;
  /** `indexeddb`: the data survives reloads and is shared between tabs. `memory`: a fresh seed on every load, nothing stored. */
  persist: Persist;
  /** The core's `.wasm`; default the one beside this package's code (`new URL(..., import.meta.url)`). */
  wasmUrl?: string | URL;
  /** The service worker script; default `<basePath>mockServiceWorker.js` (what `npx msw init` writes). */
  workerUrl?: string;
}

export interface MurmurBackend {
  /** The wasm core itself (`exportSnapshot()`, `reset()`, …). */
  core: MockCore;
  /** Messages for the user about start-up (a saved state set aside, storage unavailable, …). */
  notices: string[];
  /**
   * A `fetch` that answers the backend's routes in the page, skipping the
   * hop through the service worker (everything else goes to `fetch`).
   * Optional: plain `fetch` and XHR are answered by the worker.
   */
  transport: typeof fetch;
  /** The msw worker (for `worker.use(...)` overrides in a host's own tests). */
  worker: SetupWorker;
}

/**
 * Loads the wasm core, applies the seed (or restores the saved state),
 * registers msw's service worker and routes `<basePath>api/*` (and uploaded
 * `<basePath>media/*`) into the core. Resolves once every request, `fetch`
 * and XHR alike, will be answered: await it before rendering.
 */
export async function startMurmurBackend(options: MurmurBackendOptions): Promise<MurmurBackend> {
  const base = normalizeBasePath(options.basePath);
  // The service worker registers and activates (in its own thread, about
  // 60 ms on a first visit) while the core loads and the saved data is read;
  // it gets its handlers once they exist. Until this resolves, nothing the
  // worker would answer should be requested.
  const worker = setupWorker();
  const workerStarted = worker.start({
    serviceWorker: { url: options.workerUrl ?? `${base}mockServiceWorker.js`, options: { scope: base } },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  workerStarted.catch(() => undefined); // awaited below, after the core: no unhandled rejection meanwhile
  await init({ module_or_path: options.wasmUrl ?? new URL('../core/mock_core_bg.wasm', import.meta.url) });
  performance.mark('murmur:core-ready');
  const core = new MockCore({ basePath: base });
  const seeded = seededCore(core, options.seed);
  const { backend, notices } = await startBackend(seeded, options.persist);
  performance.mark('murmur:data-restored');
  const handlers = withHostOptions([...createPersistenceHandlers(backend, base), ...createHandlers(backend, base)], {
    ...options,
    basePath: base,
  });
  worker.resetHandlers(...handlers);
  await workerStarted;
  const transport = createInPageTransport(handlers, { basePath: base, prefixes: BACKEND_PREFIXES });
  return { core, notices, transport, worker };
}
