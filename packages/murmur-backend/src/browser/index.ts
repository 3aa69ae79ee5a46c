// The browser entry (`@murmur/backend`): `await startMurmurBackend({...})`
// before the app renders. Node tests: `createMurmurServer` from
// `@murmur/backend/node`.

import { setupWorker, type SetupWorker } from 'msw/browser';
import init, { MockCore } from '../../core/mock_core.js';
import { backendHandlers, whenStarted } from '../core/routes.js';
import { backupApi, type MurmurBackupApi } from '../persistence/backupApi.js';
import type { DevtoolsContext } from '../devtools/context.js';
import { createInPageTransport, type TransportExchange } from './inPageTransport.js';
import { BACKEND_PREFIXES, normalizeBasePath, type MurmurCommonOptions } from '../core/hostOptions.js';
import type { PersistentBackend } from '../persistence/persistentBackend.js';
import { composeBackend } from '../core/composeBackend.js';
import { iterateEvents } from '../core/liveEvents.js';
import type { EventsOptions, MurmurEvent } from '../core/eventsApi.js';
import { checkSeed, seedReportLine, type SeedReport } from '../core/seed.js';
import { coreSource } from './coreSource.js';
import { startBackend, type Persist } from './startBackend.js';
import { whenIdle, yieldToPage } from './whenIdle.js';
import { whenPageControlled } from './workerControl.js';

export type { GenerateOptions } from '../generate/options.js';
export type { Latency, MurmurCommonOptions, UnhandledRequest } from '../core/hostOptions.js';
export type { Persist } from './startBackend.js';
export {
  SeedError,
  type MurmurSeed,
  type SeedComment,
  type SeedData,
  type SeedPost,
  type SeedReport,
  type SeedUser,
  type SeedUserRef,
} from '../core/seed.js';
export * from '../protocol.js';
export { PageNotControlledError } from './workerControl.js';
export * from '../core/eventsApi.js';

export interface MurmurBackendOptions extends MurmurCommonOptions {
  /** Where the site lives, with leading and trailing slash: the worker's scope and the routes' prefix. Default `/`. */
  basePath?: string;
  /** `indexeddb`: the data survives reloads and is shared between tabs. `memory`: a fresh seed on every load, nothing stored. */
  persist: Persist;
  /** The core's `.wasm`; default the one beside this package's code (`new URL(..., import.meta.url)`). */
  wasmUrl?: string | URL;
  /**
   * The core's `.wasm` as a `fetch()` you started yourself, so that it
   * downloads while your modules load (say, from a classic script in
   * `<head>`): it is read once, and nothing is fetched again. Instead of
   * `wasmUrl`; passing both is an error.
   */
  wasmResponse?: Response | PromiseLike<Response>;
  /** The service worker script; default `<basePath>mockServiceWorker.js` (what `npx msw init` writes). */
  workerUrl?: string;
  /**
   * `true` (the default): resolve once the service worker answers too, so
   * that plain `fetch`, XHR and `<img>` all reach the backend; reject when
   * the browser gives the page no service worker. `false`: resolve as soon
   * as `transport` answers (an app that sends its own requests through it,
   * as Murmur's does), and let `worker` say when the rest is answered.
   */
  waitForWorker?: boolean;
  /**
   * Mounts Murmur's devtools panel (request log, latency, fail the next
   * request, offline, reset, download/restore a backup) in a shadow root
   * on `document.body`. Loaded as a chunk of its own only when `true`.
   */
  devtools?: boolean;
}

export type { MurmurBackupApi } from '../persistence/backupApi.js';

export interface MurmurBackend extends MurmurBackupApi {
  /** The wasm core itself (`exportSnapshot()`, `reset()`, …). */
  core: MockCore;
  /**
   * msw's worker (`SetupWorker`), unchanged: `msw.use(...)` overrides a
   * route for every request however it is sent (`fetch`, XHR, `transport`),
   * `resetHandlers()` returns to the backend's handlers, `restoreHandlers()`,
   * `listHandlers()` and `events` as msw documents.
   */
  msw: SetupWorker;
  /** Messages for the user about start-up (a saved state set aside, storage unavailable, …). */
  notices: string[];
  /**
   * This tab's live events as an async iterator (`for await (const e of
   * backend.events({ token }))`), the same the page's `GET /api/events`
   * streams: other tabs' writes included, once this tab has loaded them.
   */
  events(options?: EventsOptions): AsyncGenerator<MurmurEvent, void, undefined>;
  /**
   * What the core made of a `{users, posts}` seed (fixtures): how much it
   * loaded, what it adapted (a `likeCount` recomputed, a follow listed on
   * one side, an `_id` resolved by username…) and what it kept as given that
   * a client could not send. Null for the demo seed, a snapshot, or a start
   * over saved data (the seed is then loaded at a reset). When the seed is
   * what the page shows, the same is logged once on the console.
   */
  seedReport: SeedReport | null;
  /**
   * A `fetch` that answers the backend's routes in the page, skipping the
   * hop through the service worker (everything else goes to `fetch`).
   * Optional: plain `fetch` and XHR are answered by the worker.
   */
  transport: typeof fetch;
  /**
   * Settles once the service worker is active and routes this page's
   * requests (`fetch`, XHR, `<img>` uploads) to the handlers (with Murmur's
   * `sw.js`, its precache complete: the site then works offline). Rejects in
   * a browser that gives the page no service worker; `transport` works regardless.
   */
  worker: Promise<void>;
}

/**
 * The wasm core, loaded and made. Each step in a task of its own: a page
 * that has painted stays responsive while the backend starts.
 */
async function loadCore(source: ReturnType<typeof coreSource>, basePath: string): Promise<MockCore> {
  await init({ module_or_path: source });
  performance.mark('murmur:core-ready');
  await yieldToPage();
  const core = new MockCore({ basePath });
  await yieldToPage();
  return core;
}

/**
 * Loads the wasm core, applies the seed (or restores the saved state),
 * registers msw's service worker and routes `<basePath>api/*` (and uploaded
 * `<basePath>media/*`) into the core. Resolves once every request, `fetch`
 * and XHR alike, will be answered (see `waitForWorker`): await it before rendering.
 */
export async function startMurmurBackend(options: MurmurBackendOptions): Promise<MurmurBackend> {
  const base = normalizeBasePath(options.basePath);
  checkSeed(options.seed); // a bad option fails here, before anything loads
  const source = coreSource(options, () => new URL('../../core/mock_core_bg.wasm', import.meta.url));
  // The core downloads and compiles off the main thread meanwhile; the rest
  // is set up in a task of its own, after this module's evaluation.
  const made = loadCore(source, base);
  made.catch(() => undefined); // awaited below
  await yieldToPage();
  // The backend's handlers exist before the backend does (requests wait for
  // it), so they are the worker's initial handlers: `msw.resetHandlers()`
  // returns to them, and `msw.use()` overrides go in front of them.
  let started!: { resolve: (backend: PersistentBackend) => void; reject: (error: unknown) => void };
  const backendReady = new Promise<PersistentBackend>((resolve, reject) => (started = { resolve, reject }));
  backendReady.catch(() => undefined); // the caller gets the error from this function
  const msw = setupWorker(...backendHandlers(whenStarted(backendReady), { ...options, basePath: base }));
  // By default the service worker registers, installs and activates in its
  // own thread while the core loads and the saved data is read (with
  // `waitForWorker: false`, once the page is idle).
  const waitForWorker = options.waitForWorker ?? true;
  // Without service workers msw would patch the page's fetch instead: no
  // such fallback is started (the in-page transport needs none).
  // msw's `start()` reloads a page that no worker controls while one is
  // registered (a page opened while the first visit's worker installs, a hard
  // reload): it runs only once a worker controls the page (workerControl.ts),
  // and the page is never reloaded.
  const serviceWorker = { url: options.workerUrl ?? `${base}mockServiceWorker.js`, options: { scope: base } };
  const startWorker = async () => {
    if (!('serviceWorker' in navigator)) throw new Error('This browser has no service workers.');
    await whenPageControlled(navigator.serviceWorker, serviceWorker);
    await msw.start({ serviceWorker, onUnhandledRequest: 'bypass', quiet: true });
  };
  // A page the worker already controls (any visit after the first) starts
  // it at once: nothing to install, and the page's own requests (not sent
  // through the transport) are answered from the start.
  const controlled = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;
  const startedEarly = waitForWorker || controlled ? startWorker() : null;
  startedEarly?.catch(() => undefined); // awaited below, or the caller decides what a page without a worker loses
  let core: MockCore;
  let notices: string[];
  let backend: PersistentBackend;
  let seedReport: SeedReport | null;
  try {
    // The generator (for `seed: { generate }`) and the saved data's storage load while the core does.
    ({ backend, notices, seedReport } = await composeBackend({
      core: made,
      seed: options.seed,
      api: options.api,
      persistence: (seeded) => startBackend(seeded, options.persist),
    }));
    core = await made;
    started.resolve(backend);
  } catch (error) {
    started.reject(error);
    throw error;
  }
  performance.mark('murmur:data-restored');
  // Said once, when the seed is what the page shows (not a saved state over it).
  if (seedReport && !backend.foundSavedState) console.info(seedReportLine(seedReport));
  // The search index is built by the first tag feed or search otherwise: in
  // a large state (10,000 posts) that first page would wait for it.
  void whenIdle().then(() => core.prepareSearch());
  // With `waitForWorker: false` the transport does not wait for the worker:
  // on a first visit to Murmur's site it activates only once its install has
  // precached the whole site, and on that first visit it
  // registers only once the page is idle, so the install does not compete
  // with the first render.
  const workerActive = startedEarly ?? whenIdle().then(startWorker);
  workerActive.catch(() => undefined);
  if (waitForWorker) await workerActive;
  // The transport answers from the worker's handlers as they are at each
  // request, `msw.use()` overrides included.
  const exchanges = new Set<(exchange: TransportExchange) => void>();
  // The panel loads after the app's first requests: they wait for it here.
  const backlog: TransportExchange[] = [];
  if (options.devtools) exchanges.add((exchange) => backlog.push(exchange));
  const transport = createInPageTransport(() => msw.listHandlers(), {
    basePath: base,
    prefixes: BACKEND_PREFIXES,
    observe: (exchange) => exchanges.forEach((listener) => listener(exchange)),
  });
  if (options.devtools) {
    const context: DevtoolsContext = { msw, backend, transport, exchanges, backlog, basePath: base };
    void import('../devtools/devtoolsPanel.js')
      .then(({ mountDevtools }) => mountDevtools(context))
      .catch((error: unknown) => console.warn('Murmur: the devtools panel could not load', error));
  }
  const events = (eventsOptions?: EventsOptions) => iterateEvents(backend.live, eventsOptions);
  return { core, msw, notices, events, seedReport, transport, worker: workerActive, ...backupApi(backend) };
}
