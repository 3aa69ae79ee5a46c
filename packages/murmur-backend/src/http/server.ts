// The backend over real HTTP: node:http listening with one request handler
// (./requestHandler.ts) that answers with msw's `getResponse` over the same
// handlers as the browser and Node tests (so every rule, message and
// `msw.use()` override is the same), over durable state in a directory
// (../persistence/fileStore.ts) or in memory.

import { mkdir } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { setupServer, type SetupServer } from 'msw/node';
import type { MockCore } from '../../core/mock_core.js';
import { normalizeBasePath, type Latency, type MurmurApiSettings } from '../core/hostOptions.js';
import { backendHandlers } from '../core/routes.js';
import { checkSeed, loadableSeed, type MurmurSeed, type SeedReport } from '../core/seed.js';
import { wasmMemoryBytes } from '../node/nodeCore.js';
import { ensureEventSource } from '../node/eventSource.js';
import { lockDirectory, type DirectoryLock } from '../persistence/directoryLock.js';
import type { MediaRecord } from '../persistence/store.js';
import { controlHandlers } from './control.js';
import { OutboundBudget } from './outbound.js';
import { createRequestHandler } from './requestHandler.js';
import { RequestLog, type LogFormat } from './requestLog.js';
import { openState, seedSource, States, type OpenPhases, type SeedSource } from './sandboxes.js';
import { readSeedFile } from './seedFile.js';

export type { LogFormat };

export interface MurmurHttpOptions {
  /** Default 0: a free port (the CLI's default is 4000). */
  port?: number;
  /** Default `127.0.0.1`. Any other address lets other machines in, with tokens anyone can forge (the secret is public). */
  host?: string;
  /** The state's directory; left out, everything stays in memory. One server per directory. */
  state?: string;
  /** The data every state starts from (and goes back to on reset); default the demo seed. */
  seed?: MurmurSeed;
  /** Images that come with the seed (a backup file given as the seed). */
  seedMedia?: readonly MediaRecord[];
  /**
   * Instead of `seed`: a file holding it (`{users, follows, posts}`, a
   * `{snapshot}`, or a backup file, whose images come along), read when a
   * state first needs it (at once, unless a saved state replaces it).
   */
  seedFile?: string;
  /** Where the site lives, with leading and trailing slash. Default `/`. */
  basePath?: string;
  /** The API's settings for an app built on the MirageJS template (`MurmurApiSettings`). Default the spec's. */
  api?: MurmurApiSettings;
  /** A delay before each answer (ms, or a `[min, max]` range). */
  latency?: Latency;
  /** One line per request on `logTo`: `text`, `json`, or `off` (the default). */
  log?: LogFormat;
  /** Where log lines go; default stdout. */
  logTo?: (line: string) => void;
  /** Answer CORS: the request's origin reflected, preflights answered. Default true. */
  cors?: boolean;
  /** A built front end served beside the API (the single-page fallback included). */
  staticDir?: string;
  /** When set, `<base>__murmur/*` answers only requests carrying it in `X-Murmur-Admin-Token`. */
  adminToken?: string;
  /**
   * Start-up phases measured before this call (ms by name, as the command
   * measures Node's own start and its imports): reported first in
   * `GET __murmur/health`'s `startup`.
   */
  startupBefore?: Record<string, number>;
}

export interface MurmurHttpServer {
  /** `http://127.0.0.1:PORT/` and the base path. */
  url: string;
  /** The main state's core (not a sandbox's). */
  core: MockCore;
  /** What the core made of a `{users, posts}` seed it loaded at this start (null for a snapshot, the demo seed, or a restart over saved state). */
  seedReport: SeedReport | null;
  /** msw's server, never listening (nothing in this process is intercepted): `use()`, `resetHandlers()`, `listHandlers()` steer every HTTP client. */
  msw: SetupServer;
  /** Stops accepting, finishes the requests in flight (their writes flushed), releases the directory. */
  close(): Promise<void>;
}

/** The process's memory (`process.memoryUsage()`, and the wasm core's linear memory as `wasm`), in MB. */
function memoryMb(): Record<string, number> {
  const usage = { ...process.memoryUsage(), wasm: wasmMemoryBytes() };
  return Object.fromEntries(Object.entries(usage).map(([kind, bytes]) => [kind, Math.round(bytes / 2 ** 20)]));
}

/** The seed of `options`, made when a state first needs it (a wrong `generate` option fails at once). */
function seedOf(options: MurmurHttpOptions): SeedSource {
  const { seedFile, seed, seedMedia = [] } = options;
  if (seedFile !== undefined) return seedSource(() => readSeedFile(seedFile));
  checkSeed(seed);
  return seedSource(async () => ({ seed: seed && (await loadableSeed(seed)), media: seedMedia }));
}

/** Starts the API on `host:port`; resolves once it answers. */
export async function startMurmurHttpServer(options: MurmurHttpOptions = {}): Promise<MurmurHttpServer> {
  const began = performance.now();
  const basePath = normalizeBasePath(options.basePath);
  const host = options.host ?? '127.0.0.1';
  const dir = options.state === undefined ? null : resolve(options.state);
  const phases: OpenPhases = { seed: 0, core: 0, store: 0, restore: 0 };
  let lock: DirectoryLock | null = null;
  if (dir !== null) {
    await mkdir(dir, { recursive: true });
    lock = await lockDirectory(dir);
  }
  let states: States;
  try {
    const stateOptions = { basePath, seed: seedOf(options), dir, api: options.api };
    states = new States(await openState(dir, stateOptions, phases), stateOptions);
  } catch (error) {
    await lock?.release();
    throw error;
  }

  const log = new RequestLog(options.log ?? 'off', options.logTo ?? ((line) => process.stdout.write(`${line}\n`)));
  const started = Date.now();
  /** Where start-up went, ms by phase (GET __murmur/health's `startup`). */
  const startup: Record<string, number> = { ...options.startupBefore };
  const inFlight = new Set<Promise<void>>();
  /** The event streams open now (`GET /api/events`). */
  const streams = new Set<ServerResponse>();
  const health = () => ({
    status: 'ok',
    state: dir ?? 'memory',
    revision: states.main.backend.revision,
    sandboxes: states.sandboxNames.length,
    uptimeMs: Date.now() - started,
    // Requests begun and not yet answered, this one and the event streams aside.
    inFlight: Math.max(0, inFlight.size - 1 - streams.size),
    eventStreams: streams.size,
    startup: Object.fromEntries(Object.entries(startup).map(([phase, ms]) => [phase, Math.round(ms)])),
    memory: memoryMb(),
  });
  ensureEventSource();
  const msw: SetupServer = setupServer(
    ...controlHandlers({
      basePath,
      adminToken: options.adminToken,
      msw: () => msw,
      states,
      health,
    }),
    // The core's answers wait for room among those not read yet (outbound.ts).
    ...backendHandlers(new OutboundBudget().gate(states.backend()), {
      basePath,
      latency: options.latency,
      // Each event stream is written to its socket as it comes, and bounded there (./eventStream.ts).
      hostBoundsStreams: true,
      testing: () => states.testState(),
    }),
  );
  const handleRequest = createRequestHandler({
    basePath,
    cors: options.cors ?? true,
    staticDir: options.staticDir,
    fallbackHost: () => `${host}:${(server.address() as AddressInfo).port}`,
    msw,
    states,
    log,
    streams,
  });
  const server = createServer((req, res) => {
    const done = handleRequest(req, res);
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  // A client that sends its headers or body slowly holds only its own request
  // (and is dropped after these). An idle keep-alive connection stays open
  // longer than clients keep theirs (undici's default), so that a client
  // never sends a request on a connection the server is closing that instant.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  }).catch(async (error: unknown) => {
    await states.close();
    await lock?.release();
    throw error;
  });
  const measured = Object.values(phases).reduce((sum, ms) => sum + ms, 0);
  // The rest: the lock, the handlers, listening.
  Object.assign(startup, phases, { listen: performance.now() - began - measured });
  // From the process's start (performance's time origin) to listening.
  startup.total = performance.now();
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${port}${basePath}`,
    core: states.main.core,
    seedReport: states.main.seedReport,
    msw,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        server.closeIdleConnections();
        // An event stream lasts as long as its reader: it ends now (a client resumes elsewhere with Last-Event-ID).
        for (const res of streams) res.end();
        // The requests in flight finish (their writes flushed), then their connections close.
        await Promise.allSettled([...inFlight]);
        server.closeAllConnections();
        await stopped;
        await states.close();
        await lock?.release();
      })();
      return closing;
    },
  };
}
