import { setupServer, type SetupServer } from 'msw/node';
import { MockCore } from '../../core/mock_core.js';
import { createNodeCore } from './nodeCore.js';
import { backendHandlers, whenStarted } from '../core/routes.js';
import { normalizeBasePath, type MurmurCommonOptions } from '../core/hostOptions.js';
import { PersistentBackend } from '../persistence/persistentBackend.js';
import { composeBackend } from '../core/composeBackend.js';
import { iterateEvents } from '../core/liveEvents.js';
import type { EventsOptions, MurmurEvent } from '../core/eventsApi.js';
import { ensureEventSource } from './eventSource.js';
import type { SeedReport } from '../core/seed.js';
import {
  parseSteer,
  TestState,
  type FaultOptions,
  type ReceivedRequest,
  type RequestFilter,
  type StubOptions,
} from '../core/testState.js';
import { checkReceived, type ExpectedRequest } from '../core/verify.js';

export type { GenerateOptions } from '../generate/options.js';
export type { Latency, MurmurCommonOptions, UnhandledRequest } from '../core/hostOptions.js';
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
export { MockCore, createNodeCore, ensureEventSource };
export * from '../core/eventsApi.js';
export { startMurmurHttpServer, type MurmurHttpOptions, type MurmurHttpServer } from '../http/server.js';
export {
  REDACTED,
  type FaultOptions,
  type ReceivedRequest,
  type RequestFilter,
  type StubOptions,
} from '../core/testState.js';
export { checkReceived, type ExpectedRequest } from '../core/verify.js';

/** The state's clock (docs/testing.md, "The clock"): what the backend stamps follows it. */
export interface MurmurClock {
  /** Stops it at an ISO 8601 time (`2026-01-05T08:00:00Z`). */
  set(iso: string): void;
  /** Moves it on by `ms` (a stopped clock stays stopped). */
  advance(ms: number): void;
  /** Lets a stopped clock run on from the time it shows. */
  resume(): void;
  /** Back to the real time. */
  real(): void;
  /** The state's time now, ISO 8601 in UTC. */
  now(): string;
}

/** Applies a stub or fault to `state`; throws a `TypeError` saying what to change. */
function steerState(state: TestState, given: StubOptions | FaultOptions): void {
  const steer = parseSteer(given);
  if (typeof steer === 'string') throw new TypeError(steer);
  state.steer(steer);
}

export interface MurmurServer {
  /** msw's `setupServer`: call `listen()` in `beforeAll` and `close()` in `afterAll`; `use()`, `resetHandlers()` and the rest as msw documents. */
  server: SetupServer;
  core: MockCore;
  /**
   * Settles once the seed is in the core: at once, except with
   * `seed: { generate }`, whose generator loads first (requests wait for it
   * anyway; await this before reading `core` directly). Rejects with a
   * `SeedError` when the core refuses the seed.
   */
  ready: Promise<void>;
  /**
   * The live events (docs/rules.md, "Live events") as an async iterator:
   * `for await (const e of murmur.events({ token, after }))`, each
   * `{id, event, data}` as `GET /api/events` streams it (`data` parsed).
   * Public events without a token, and the token's user's own; from now,
   * or after the id `after`. `break` (or `signal`) ends it. A bad token
   * rejects the first `next()` with an `EventsRefused` (its `status` and
   * the catalogue's message).
   */
  events(options?: EventsOptions): AsyncGenerator<MurmurEvent, void, undefined>;
  /**
   * What the core made of a `{users, posts}` seed (see `SeedReport`): set
   * by the time `ready` resolves; null before, and for the demo seed or a
   * snapshot.
   */
  readonly seedReport: SeedReport | null;
  /** The API requests received, oldest first (passwords and tokens `[redacted]`), those matching `filter`. */
  requests(filter?: RequestFilter): ReceivedRequest[];
  /** Forgets the requests received, the stubs and the faults (call it in `afterEach`). */
  clear(): void;
  /**
   * Throws unless `expected` was received (`times`: exactly so many), with
   * the nearest requests received and how each differs.
   */
  verify(expected: ExpectedRequest): void;
  /** Answers `method path` with this instead of the core (`times` bounds it). */
  stub(stub: StubOptions): void;
  /** Makes `method path` fail (`times` bounds it). */
  fail(fault: FaultOptions): void;
  readonly clock: MurmurClock;
  /** The whole state (a snapshot, after every write is saved): prepare it once, `fork()` from it in each test. */
  snapshot(): Promise<string>;
  /** Replaces the state with a snapshot, without re-running its writes (uploads are dropped). */
  fork(snapshot: string): Promise<void>;
}

/**
 * An msw server for Node tests whose `<basePath>api/*` (on any origin) is
 * answered by a real core, with the handlers the browser uses (uploads and
 * `<basePath>media/*` kept in memory). Options as `startMurmurBackend`'s,
 * without persistence; `core` takes an existing core instead of a new one.
 * Throws a `SeedError` when a seed (other than a generated one, see `ready`)
 * is refused, or when `generate`'s options are wrong.
 */
export function createMurmurServer(options: MurmurCommonOptions & { core?: MockCore } = {}): MurmurServer {
  const base = normalizeBasePath(options.basePath);
  const core = options.core ?? createNodeCore(base);
  let seedReport: SeedReport | null = null;
  const backend = composeBackend({
    core,
    seed: options.seed,
    api: options.api,
    persistence: async (seeded) => ({ backend: PersistentBackend.inMemory(await seeded), notices: [] }),
  }).then((composed) => {
    seedReport = composed.seedReport;
    return composed.backend;
  });
  const testState = new TestState(core);
  const ready = backend.then(() => undefined);
  ready.catch(() => undefined); // requests report it; `ready` is for the caller
  ensureEventSource();
  const server = setupServer(
    ...backendHandlers(whenStarted(backend), { ...options, basePath: base, testing: () => testState }),
  );
  const live = backend.then((started) => started.live);
  return {
    server,
    core,
    ready,
    events: (eventsOptions) => iterateEvents(live, eventsOptions),
    get seedReport() {
      return seedReport;
    },
    requests: (filter) => testState.requests(filter),
    clear() {
      testState.clearRequests();
      testState.clearSteers();
    },
    verify(expected) {
      const { pass, message } = checkReceived(testState.requests(), expected);
      if (!pass) throw new Error(message);
    },
    stub: (stub) => steerState(testState, stub),
    fail: (fault) => steerState(testState, fault),
    clock: {
      set: (iso) => core.setClock(iso),
      advance: (ms) => core.advanceClock(ms),
      resume: () => core.resumeClock(),
      real: () => core.realClock(),
      now: () => (JSON.parse(core.clock()) as { now: string }).now,
    },
    async snapshot() {
      return (await (await backend).savedState()).snapshot;
    },
    async fork(snapshot) {
      const response = await (await backend).replaceState(snapshot, []);
      if (response.status !== 200) throw new Error('the snapshot was refused');
    },
  };
}

/** `createMurmurServer` over `core` (Murmur's own tests). */
export function createTestServer(core: MockCore = createNodeCore()): MurmurServer {
  return createMurmurServer({ core });
}
