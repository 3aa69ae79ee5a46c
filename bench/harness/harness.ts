// The in-page bench: API round trips through three backends, one after the
// other in this page (ours: the wasm core through msw with the app's own
// handlers; the floor: an msw handler answering a precomputed body of the same
// size; both answered in the page by the app's in-page transport, as the app
// does; MirageJS with its default timing and with timing 0), then the core's
// `handle()` alone. bench/rt.mjs and bench/core.mjs call
// `window.murmurBench.run(config)`.
import { setupWorker } from 'msw/browser';
import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  bodyText,
  callCore,
  coreBackend,
  createHandlers,
  createInPageTransport,
  loadCore,
  startPersistence,
  type BytesResponse,
  type MockCore,
} from '@murmur/backend/testing';
import { startMirage, type MirageData, type MirageUser } from './mirage';

export type Endpoint = 'GET /api/posts' | 'POST like' | 'POST login';
export const ENDPOINTS: Endpoint[] = ['GET /api/posts', 'POST like', 'POST login'];
export type BackendName = 'ours' | 'ours-idb' | 'floor' | 'mirage-0' | 'mirage-default';

export interface BenchConfig {
  sizes: number[];
  /** Timed repetitions per endpoint and size; `repsBySize` overrides per size. */
  reps: number;
  repsBySize?: Record<string, number>;
  warmup: number;
  /** Repetitions for Mirage with its default timing (about 400 ms each). */
  mirageDefaultReps: number;
  /** Timed `handle()` calls per endpoint and size for the core alone. */
  coreReps: number;
  backends: BackendName[];
  /** What to measure: the round trips (through every backend), the core alone, or both (by default). */
  parts?: ('roundTrips' | 'core')[];
}

export interface Stat {
  n: number;
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

export interface RoundTrip {
  backend: BackendName;
  size: number;
  endpoint: Endpoint;
  bytes: number;
  stat: Stat;
}

export interface CoreTiming {
  size: number;
  endpoint: Endpoint;
  bytes: number;
  stat: Stat;
}

export interface BenchResults {
  crossOriginIsolated: boolean;
  userAgent: string;
  roundTrips: RoundTrip[];
  core: CoreTiming[];
  loadBulk: { size: number; ms: number }[];
}

const GUEST = { username: 'guest', password: 'guest123' };
const LOGIN_BODY = JSON.stringify(GUEST);

export function stats(samples: number[]): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
  return {
    n: sorted.length,
    median,
    p95: at(0.95),
    mean: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/** Users per bulk state: the seed's 6 at 12 posts, a tenth of the posts above. */
export const usersFor = (size: number) => Math.max(6, Math.round(size / 10));
/** The post every like hits: one in the middle of the list. */
const likedPost = (size: number) => `p-b${Math.floor(size / 2)}`;

function expectStatus(what: string, status: number, expected = 200): void {
  if (status !== expected) throw new Error(`${what}: status ${status}, expected ${expected}`);
}

/**
 * A new task, not a timer's: browsers clamp a timer set inside a timer's
 * task to 4 ms once five are nested, and Mirage (pretender) answers from
 * timers, so back-to-back calls would make it pay a clamp that one call from
 * a click never pays. Every call, for every backend, starts from here.
 */
const freshTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

/**
 * How the timed calls are sent: the app's in-page transport while ours and
 * the floor are timed (as the app's API client sends them), the page's fetch
 * for Mirage (which patches it).
 */
let appFetch: typeof fetch = (input, init) => fetch(input, init);

/** One round trip: fetch, then the parsed JSON, in ms. */
async function roundTrip(endpoint: Endpoint, size: number, token: string): Promise<number> {
  const [url, init]: [string, RequestInit] =
    endpoint === 'GET /api/posts'
      ? ['/api/posts', {}]
      : endpoint === 'POST like'
        ? [`/api/posts/like/${likedPost(size)}`, { method: 'POST', headers: { authorization: token }, body: '{}' }]
        : ['/api/auth/login', { method: 'POST', body: LOGIN_BODY }];
  await freshTask();
  const start = performance.now();
  const res = await appFetch(url, init);
  const json: unknown = await res.json();
  const ms = performance.now() - start;
  expectStatus(`${endpoint} at ${size}`, res.status);
  if (!json || typeof json !== 'object') throw new Error(`${endpoint}: not a JSON object`);
  if (endpoint === 'POST like') {
    // Untimed: take the like back so that the next one is a like again.
    const undo = await appFetch(`/api/posts/dislike/${likedPost(size)}`, {
      method: 'POST',
      headers: { authorization: token },
      body: '{}',
    });
    await undo.text();
    expectStatus(`dislike at ${size}`, undo.status);
  }
  return ms;
}

async function login(): Promise<string> {
  const res = await appFetch('/api/auth/login', { method: 'POST', body: LOGIN_BODY });
  expectStatus('login', res.status);
  const json = (await res.json()) as { encodedToken?: string };
  if (!json.encodedToken) throw new Error('login: no token');
  return json.encodedToken;
}

/** One way of answering: a name, and what to do before each of its calls. */
interface Contender {
  backend: BackendName;
  /** Makes this backend the one that answers (swaps msw's handlers). */
  use: () => void;
}

/**
 * Times every endpoint for each contender, interleaved call by call (in an
 * order that rotates), so that a garbage collection or a burst of load from
 * elsewhere falls on all of them alike rather than on whichever ran then.
 */
async function timeEndpoints(
  contenders: Contender[],
  size: number,
  reps: number,
  warmup: number,
  bytes: Record<Endpoint, number>,
  out: RoundTrip[],
): Promise<void> {
  const first = contenders[0];
  if (!first) return;
  first.use();
  const token = await login();
  for (const endpoint of ENDPOINTS) {
    const samples = new Map<BackendName, number[]>(contenders.map((c) => [c.backend, []]));
    for (let i = -warmup; i < reps; i++) {
      for (let k = 0; k < contenders.length; k++) {
        const c = contenders[(k + i + warmup) % contenders.length];
        if (!c) continue;
        c.use();
        const ms = await roundTrip(endpoint, size, token);
        if (i >= 0) samples.get(c.backend)?.push(ms);
      }
    }
    for (const c of contenders) {
      out.push({
        backend: c.backend,
        size,
        endpoint,
        bytes: bytes[endpoint],
        stat: stats(samples.get(c.backend) ?? []),
      });
    }
  }
}

/** The bodies ours answers at this size (UTF-8 bytes, as ours hands them to `Response`): the floor returns the same. */
function coreBodies(core: MockCore, size: number): Record<Endpoint, Uint8Array<ArrayBuffer>> {
  const loginRes = callCore(core, 'POST', '/api/auth/login', undefined, LOGIN_BODY);
  expectStatus('core login', loginRes.status);
  const token = (JSON.parse(bodyText(loginRes)) as { encodedToken: string }).encodedToken;
  const get = callCore(core, 'GET', '/api/posts', undefined, '');
  const like = callCore(core, 'POST', `/api/posts/like/${likedPost(size)}`, token, '{}');
  expectStatus('core like', like.status);
  const undo = callCore(core, 'POST', `/api/posts/dislike/${likedPost(size)}`, token, '{}');
  expectStatus('core dislike', undo.status);
  return { 'GET /api/posts': bytesOf(get), 'POST like': bytesOf(like), 'POST login': bytesOf(loginRes) };
}

/** `callCore` takes every body out of the core whole: bytes. */
const bytesOf = (res: BytesResponse) => res.body;

function sizesOf(bodies: Record<Endpoint, Uint8Array>): Record<Endpoint, number> {
  return {
    'GET /api/posts': bodies['GET /api/posts'].byteLength,
    'POST like': bodies['POST like'].byteLength,
    'POST login': bodies['POST login'].byteLength,
  };
}

/** The floor: the same routes, answered with precomputed bodies. */
function floorHandlers(bodies: Record<Endpoint, Uint8Array<ArrayBuffer>>) {
  const headers = { 'Content-Type': 'application/json' };
  return [
    http.get(/\/api\/posts$/, () => new HttpResponse(bodies['GET /api/posts'], { headers })),
    http.post(/\/api\/posts\/(like|dislike)\//, () => new HttpResponse(bodies['POST like'], { headers })),
    http.post(/\/api\/auth\/login$/, () => new HttpResponse(bodies['POST login'], { headers })),
  ];
}

/** Mirage's data for this size: the very posts and users our core holds. */
function mirageData(core: MockCore): MirageData {
  const posts = (
    JSON.parse(bodyText(callCore(core, 'GET', '/api/posts', undefined, ''))) as { posts: MirageData['posts'] }
  ).posts;
  const snapshot = JSON.parse(core.exportSnapshot()) as { users: Record<string, unknown>[] };
  const users = snapshot.users.map((u): MirageUser => {
    const id = String(u._id);
    return {
      ...u,
      id,
      _id: id,
      firstName: String(u.firstName),
      lastName: String(u.lastName),
      username: String(u.username),
      avatarURL: String(u.avatarURL),
      followers: [],
      following: [],
      password: u.username === GUEST.username ? GUEST.password : 'password123',
    };
  });
  return { users, posts };
}

function timeCore(core: MockCore, size: number, reps: number, out: CoreTiming[]): void {
  const loginRes = callCore(core, 'POST', '/api/auth/login', undefined, LOGIN_BODY);
  const token = (JSON.parse(bodyText(loginRes)) as { encodedToken: string }).encodedToken;
  const call: Record<Endpoint, () => BytesResponse> = {
    'GET /api/posts': () => callCore(core, 'GET', '/api/posts', undefined, ''),
    'POST like': () => callCore(core, 'POST', `/api/posts/like/${likedPost(size)}`, token, '{}'),
    'POST login': () => callCore(core, 'POST', '/api/auth/login', undefined, LOGIN_BODY),
  };
  for (const endpoint of ENDPOINTS) {
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < reps + 2; i++) {
      const start = performance.now();
      const res = call[endpoint]();
      // callCore copies the body's bytes out of wasm memory: part of the cost.
      bytes = res.body.length;
      const ms = performance.now() - start;
      expectStatus(`core ${endpoint} at ${size}`, res.status);
      if (i >= 2) samples.push(ms);
      if (endpoint === 'POST like') {
        expectStatus(
          'core dislike',
          callCore(core, 'POST', `/api/posts/dislike/${likedPost(size)}`, token, '{}').status,
        );
      }
    }
    out.push({ size, endpoint, bytes, stat: stats(samples) });
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The round trips through every backend of `config.backends`, at every size. */
async function timeRoundTrips(core: MockCore, config: BenchConfig, results: BenchResults): Promise<void> {
  const repsAt = (size: number) => config.repsBySize?.[String(size)] ?? config.reps;
  const wants = (b: BackendName) => config.backends.includes(b);

  const worker = setupWorker(...createHandlers(coreBackend(core), '/'));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  // As the app does (@murmur/backend's startMurmurBackend): the page's fetch calls to /api are
  // answered in the page by the worker's handlers. It reads the worker's
  // current handlers on every call, so ours, ours + IndexedDB and the floor,
  // swapped with resetHandlers, all take this same path.
  appFetch = createInPageTransport(() => worker.listHandlers() as RequestHandler[], {
    basePath: '/',
    prefixes: ['api/'],
  });
  // Counted to make sure of it: a call the worker saw took the other path.
  let workerRequests = 0;
  worker.events.on('request:start', () => workerRequests++);
  // The production backend: the same core, every mutation saved to IndexedDB
  // before it is answered (a fresh browser context: nothing to restore).
  const durable = wants('ours-idb') ? (await startPersistence(core)).backend : null;
  const data = new Map<number, { bodies: Record<Endpoint, Uint8Array<ArrayBuffer>>; mirage: MirageData }>();
  for (const size of config.sizes) {
    core.loadBulk(usersFor(size), size);
    const bodies = coreBodies(core, size);
    data.set(size, {
      bodies,
      mirage: wants('mirage-0') || wants('mirage-default') ? mirageData(core) : { users: [], posts: [] },
    });
    const contenders: Contender[] = [];
    const ours = createHandlers(coreBackend(core), '/');
    if (wants('ours')) contenders.push({ backend: 'ours', use: () => worker.resetHandlers(...ours) });
    if (durable) {
      const handlers = createHandlers(durable, '/');
      contenders.push({ backend: 'ours-idb', use: () => worker.resetHandlers(...handlers) });
    }
    if (wants('floor')) {
      const handlers = floorHandlers(bodies);
      contenders.push({ backend: 'floor', use: () => worker.resetHandlers(...handlers) });
    }
    await pause();
    await timeEndpoints(contenders, size, repsAt(size), config.warmup, sizesOf(bodies), results.roundTrips);
  }
  appFetch = (input, init) => fetch(input, init);
  worker.stop();
  if (workerRequests)
    throw new Error(`${workerRequests} timed calls went through the service worker, not the in-page path`);

  for (const [backend, timing, reps, warmup] of [
    ['mirage-0', 0, undefined, config.warmup],
    ['mirage-default', undefined, config.mirageDefaultReps, 1],
  ] as const) {
    if (!wants(backend)) continue;
    for (const size of config.sizes) {
      const entry = data.get(size);
      if (!entry) continue;
      const server = startMirage(structuredClone(entry.mirage), timing);
      try {
        const only: Contender = { backend, use: () => undefined };
        await timeEndpoints([only], size, reps ?? repsAt(size), warmup, sizesOf(entry.bodies), results.roundTrips);
      } finally {
        server.shutdown();
      }
      await pause();
    }
  }
}

async function run(config: BenchConfig): Promise<BenchResults> {
  const Core = await loadCore();
  const core = new Core();
  const results: BenchResults = {
    crossOriginIsolated: globalThis.crossOriginIsolated,
    userAgent: navigator.userAgent,
    roundTrips: [],
    core: [],
    loadBulk: [],
  };
  const parts = config.parts ?? ['roundTrips', 'core'];
  if (parts.includes('roundTrips')) await timeRoundTrips(core, config, results);
  if (parts.includes('core')) {
    for (const size of config.sizes) {
      const start = performance.now();
      core.loadBulk(usersFor(size), size);
      results.loadBulk.push({ size, ms: performance.now() - start });
      timeCore(core, size, config.coreReps, results.core);
    }
  }
  core.reset();
  return results;
}

declare global {
  interface Window {
    murmurBench: { run: (config: BenchConfig) => Promise<BenchResults>; ready: true };
  }
}

window.murmurBench = { run, ready: true };
document.documentElement.dataset.bench = 'ready';
