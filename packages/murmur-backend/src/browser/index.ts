// The browser entry (`@murmur/backend`): `await startMurmurBackend({...})`
// before the app renders. Node tests: `createMurmurServer` from
// `@murmur/backend/node`.

import { http, type RequestHandler } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import type { MockCore } from '../../core/mock_core.js';
import type { MurmurBackupApi } from '../persistence/backupApi.js';
import { localDevtoolsBackend, type DevtoolsBackend, type DevtoolsContext } from '../devtools/context.js';
import { createInPageTransport, type TransportExchange } from './inPageTransport.js';
import { BACKEND_PREFIXES, latencyMs, normalizeBasePath, type MurmurCommonOptions } from '../core/hostOptions.js';
import { iterateEvents } from '../core/liveEvents.js';
import { backupApi } from '../persistence/backupApi.js';
import type { EventsOptions, MurmurEvent } from '../core/eventsApi.js';
import { checkSeed, seedReportLine, type SeedReport } from '../core/seed.js';
import { backupFileName } from '../persistence/backup.js';
import { coreSource } from './coreSource.js';
import type { Persist } from './startBackend.js';
import type { LocalOptions, StartReport } from './localBackend.js';
import { connectWorker, type WorkerHost } from './workerHost.js';
import { whenIdle } from './whenIdle.js';
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
  /**
   * Where the backend runs. By default in a dedicated module worker of its
   * own, the package's `workerEntry.js`, which Vite and webpack 5 (and so
   * Create React App 5) bundle by themselves. With esbuild or another bundler
   * that does not, give the URL of the self-contained copy
   * `npx murmur-backend init <dir>` lays out (`'/murmur-backend-worker.js'`).
   * `false`: in the page, on its main thread. A browser that cannot start
   * the worker gets the backend in the page as well, without a word.
   */
  backendWorker?: string | URL | false;
}

export type { MurmurBackupApi } from '../persistence/backupApi.js';

/**
 * The wasm core's methods, each answering a promise: the core runs in the
 * backend's worker, so a call is a message there and back (in the page
 * fallback, the same promises).
 */
export type AsyncCore = {
  [
    Name in keyof MockCore as MockCore[Name] extends (...args: never[]) => unknown ? Name : never
  ]: MockCore[Name] extends (...args: infer Args) => infer Result ? (...args: Args) => Promise<Awaited<Result>> : never;
};

export interface MurmurBackend extends MurmurBackupApi {
  /**
   * The wasm core's methods (`await core.exportSnapshot()`, `await
   * core.reset()`, …), each answering a promise: the core lives in the
   * backend's worker.
   */
  core: AsyncCore;
  /** Where the backend runs: `'worker'` (its own thread) or `'page'` (no worker could start, or `backendWorker: false`). */
  thread: 'worker' | 'page';
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

/** What the page has of the backend, wherever it runs. */
interface BackendHost {
  thread: 'worker' | 'page';
  started: Promise<StartReport>;
  /** The backend's answer to one of its routes (`undefined`: none of its handlers knows it). */
  respond(request: Request): Promise<Response | undefined>;
  core: AsyncCore;
  events(options?: EventsOptions): AsyncGenerator<MurmurEvent, void, undefined>;
  devtools: DevtoolsBackend;
  backups: MurmurBackupApi;
}

/** The core's methods by name, each call a promise (`then` is none: the object is not a thenable). */
function asyncCore(call: (method: string, args: unknown[]) => Promise<unknown>): AsyncCore {
  return new Proxy({} as AsyncCore, {
    get: (_, method) =>
      typeof method === 'string' && method !== 'then' ? (...args: unknown[]) => call(method, args) : undefined,
  });
}

/**
 * The backend on this page's main thread, as it ran before it had a worker:
 * its code (the core's glue, the persistence) loads only then.
 */
async function inThePage(options: LocalOptions): Promise<BackendHost> {
  const { startLocalBackend } = await import('./localBackend.js');
  const local = startLocalBackend(options);
  const backups = local.backend.then(backupApi);
  backups.catch(() => undefined); // reported through `started`
  return {
    thread: 'page',
    started: local.started,
    respond: local.respond,
    core: asyncCore(async (method, args) => {
      const core = (await local.core) as unknown as Record<string, (...given: unknown[]) => unknown>;
      if (typeof core[method] !== 'function') throw new TypeError(`The core has no method ${method}()`);
      return core[method](...args);
    }),
    events: (eventsOptions) =>
      iterateEvents(
        local.backend.then((backend) => backend.live),
        eventsOptions,
      ),
    devtools: localDevtoolsBackend(local.backend),
    backups: {
      exportBackup: async () => (await backups).exportBackup(),
      importBackup: async (file) => (await backups).importBackup(file),
    },
  };
}

/** The script `murmur-backend init` lays out, under the site's base. */
const LAID_OUT_WORKER = 'murmur-backend-worker.js';
/** The package's own worker module, as the bundler made it. */
const BUNDLED: unique symbol = Symbol('the package worker');
const ignore = () => undefined;

/**
 * The backend's worker from `script`, or null where none can be made (no
 * `Worker`, a URL the browser refuses). BUNDLED: the package's own
 * module, in the one form Vite and webpack 5 recognise and bundle as a
 * worker of its own.
 */
function makeWorker(script: string | URL | typeof BUNDLED): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    if (script === BUNDLED) return new Worker(new URL('./workerEntry.js', import.meta.url), { type: 'module' });
    return new Worker(script, { type: 'module' });
  } catch {
    return null;
  }
}

/** The page's view of the backend in a worker that has answered. */
function workerBackend(connected: WorkerHost): BackendHost {
  return {
    thread: 'worker',
    started: connected.started,
    respond: connected.respond,
    core: asyncCore((method, args) => connected.call('core', method, ...args)),
    events: connected.events,
    devtools: {
      reset: () => connected.call('reset') as Promise<{ status: number }>,
      exportBackup: () => connected.call('exportBackup') as Promise<string>,
      importBackup: (file) => connected.call('importBackup', file),
      revision: () => connected.call('revision') as Promise<number>,
      events: () => connected.events(),
    },
    backups: {
      exportBackup: async () =>
        new File([(await connected.call('exportBackup')) as string], backupFileName(), { type: 'application/json' }),
      importBackup: (file) => connected.call('importBackup', file) as ReturnType<MurmurBackupApi['importBackup']>,
    },
  };
}

/**
 * The backend in its worker: the script given, or else the package's own
 * (bundled by Vite and webpack 5), then the copy `init` laid out beside the
 * site (a bundler that left the package's `new URL(...)` as it was, like
 * esbuild). Where no worker starts, the backend runs in the page instead,
 * without a word.
 */
async function startHost(options: MurmurBackendOptions, local: LocalOptions, base: string): Promise<BackendHost> {
  const given = options.backendWorker;
  if (given === false) return inThePage(local);
  const scripts: (string | URL | typeof BUNDLED)[] =
    given === undefined ? [BUNDLED, `${base}${LAID_OUT_WORKER}`] : [given];
  // A response a worker was given is read: a later start fetches its URL again (from the HTTP cache).
  const wasm = (): LocalOptions['wasm'] =>
    local.wasm instanceof URL || typeof local.wasm === 'string' || local.wasm instanceof ArrayBuffer
      ? local.wasm
      : Promise.resolve(local.wasm).then((response) => (response.bodyUsed ? fetch(response.url) : response));
  for (const script of scripts) {
    const worker = makeWorker(script);
    if (!worker) continue;
    const connected = connectWorker(worker, { ...local, wasm: wasm() });
    try {
      // Whatever its start-up's outcome, a worker that answers is the backend.
      return await Promise.race([connected.started.then(ignore, ignore), connected.unusable]).then(() =>
        workerBackend(connected),
      );
    } catch {
      worker.terminate();
    }
  }
  return inThePage({ ...local, wasm: wasm() });
}

/** The backend's routes under `base`: `<base>api/…`, `<base>media/…`, `<base>__murmur/…`. */
function backendPattern(base: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const routes = BACKEND_PREFIXES.map((prefix) => escape(prefix.slice(0, -1))).join('|');
  return new RegExp(`^https?://[^/]+${escape(base)}(?:${routes})(?:[/?#]|$)`);
}

/**
 * Starts the backend in its worker (the wasm core, the seed or the saved
 * state, its persistence, the tab sync, the live events), registers msw's
 * service worker, and routes `<basePath>api/*` (and uploaded `<basePath>media/*`)
 * to the backend. Resolves once every request, `fetch` and XHR alike, will
 * be answered (see `waitForWorker`): await it before rendering.
 */
export async function startMurmurBackend(options: MurmurBackendOptions): Promise<MurmurBackend> {
  const base = normalizeBasePath(options.basePath);
  // A bad option fails here, before anything loads.
  checkSeed(options.seed);
  latencyMs(options.latency);
  if (options.persist !== 'indexeddb' && options.persist !== 'memory') {
    throw new TypeError(`persist must be 'indexeddb' or 'memory', got ${JSON.stringify(options.persist)}`);
  }
  const local: LocalOptions = {
    basePath: base,
    persist: options.persist,
    seed: options.seed,
    latency: options.latency,
    log: options.log,
    onUnhandledRequest: options.onUnhandledRequest,
    wasm: coreSource(options, () => new URL('../../core/mock_core_bg.wasm', import.meta.url)),
  };
  const chosen = startHost(options, local, base);
  // The page's one handler hands every backend route over; it exists before
  // the backend does (requests wait for it), so it is the worker's initial
  // handler: `msw.resetHandlers()` returns to it, and `msw.use()` overrides go in front of it.
  const handOver: RequestHandler = http.all(backendPattern(base), async ({ request }) =>
    (await chosen).respond(request),
  );
  const msw = setupWorker(handOver);
  // By default the service worker registers, installs and activates in its
  // own thread while the backend starts (with `waitForWorker: false`, once
  // the page is idle).
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
  const host = await chosen;
  const { notices, seedReport, foundSavedState } = await host.started;
  // Said once, when the seed is what the page shows (not a saved state over it).
  if (seedReport && !foundSavedState) console.info(seedReportLine(seedReport));
  // With `waitForWorker: false` the transport does not wait for the worker:
  // on a first visit to Murmur's site it activates only once its install has
  // precached the whole site, and on that first visit it registers only once
  // the page is idle, so the install does not compete with the first render.
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
    const context: DevtoolsContext = { msw, backend: host.devtools, transport, exchanges, backlog, basePath: base };
    void import('../devtools/devtoolsPanel.js')
      .then(({ mountDevtools }) => mountDevtools(context))
      .catch((error: unknown) => console.warn('Murmur: the devtools panel could not load', error));
  }
  return {
    core: host.core,
    thread: host.thread,
    msw,
    notices,
    events: host.events,
    seedReport,
    transport,
    worker: workerActive,
    ...host.backups,
  };
}
