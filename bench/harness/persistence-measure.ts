// What saving the demo data costs, measured the same way in Chromium (real
// IndexedDB) and in Node (fake-indexeddb): the same like/dislike mutations
// through the plain core and through the persistent backend, at three sizes,
// both as the backend is called and as the app's fetch is answered (msw's
// handler, the Response, its JSON read); and the start-up restore of a saved
// state (its snapshot, and a journal of writes since) at 1,000 and 10,000 posts.
import { getResponse } from 'msw';
import {
  bodyText,
  IDB_COMPACT_EVERY,
  coreBackend,
  createHandlers,
  IdbStateStore,
  newHead,
  PersistentBackend,
  type Backend,
  type JournalEntry,
  type SavedHead,
  type SnapshotCore,
} from '@murmur/backend/testing';

export interface BenchCore extends SnapshotCore {
  loadBulk(users: number, posts: number): void;
}

export interface Environment {
  name: string;
  newCore(): BenchCore;
  openDatabase(name: string): Promise<IDBDatabase>;
}

export interface SaveFigure {
  posts: number;
  snapshotKB: number;
  /** Median ms per mutation, the core alone. */
  plain: number;
  /** Median ms per mutation through the persistent backend. */
  persisted: number;
  /** Median ms of what a save adds: one journal entry appended (head check and commit in one transaction). */
  added: number;
  /** Median ms of a full save (export and commit): the first save, a reset, a compaction. */
  fullSave: number;
  /** Median ms per mutation as the app's fetch is answered, in memory (msw handler → parsed JSON). */
  fetchPlain: number;
  /** The same, saved before it is answered. */
  fetchPersisted: number;
}

export interface RestoreFigure {
  posts: number;
  snapshotKB: number;
  /** Journal entries replayed on the snapshot. */
  entries: number;
  /** Median ms: open the database, read the saved state, import it. */
  median: number;
  min: number;
  max: number;
}

export interface PersistenceFigures {
  environment: string;
  saves: SaveFigure[];
  restores: RestoreFigure[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
let databases = 0;

function load(core: BenchCore, posts: number): void {
  // Sizes as the main bench has them: the seed, else a tenth as many users as posts.
  if (posts > 12) core.loadBulk(Math.max(6, posts / 10), posts);
}

async function call(backend: Backend, method: string, url: string, body = '', authorization?: string) {
  const res = await backend.handle({ method, url, authorization, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${bodyText(res)}`);
  return JSON.parse(bodyText(res)) as Record<string, unknown>;
}

/** Signs the guest in and returns a post id to like and dislike in turn. */
async function prepare(backend: Backend) {
  const login = await call(
    backend,
    'POST',
    '/api/auth/login',
    JSON.stringify({ username: 'guest', password: 'guest123' }),
  );
  const { posts } = (await call(backend, 'GET', '/api/posts')) as { posts: { _id: string }[] };
  return { token: login.encodedToken as string, postId: posts[0]!._id };
}

/** One like or dislike through the app's msw handler, to the parsed JSON answer, in ms. */
async function timeFetch(handlers: ReturnType<typeof createHandlers>, token: string, postId: string, like: boolean) {
  const start = performance.now();
  const request = new Request(`http://127.0.0.1/api/posts/${like ? 'like' : 'dislike'}/${postId}`, {
    method: 'POST',
    headers: { authorization: token },
    body: '{}',
  });
  const res = await getResponse(handlers, request);
  if (!res || res.status >= 300) throw new Error(`fetch like: ${res?.status}`);
  await res.json();
  return performance.now() - start;
}

/** One timed like or dislike, in ms (they alternate, so the state size stays the same). */
async function timeMutation(backend: Backend, token: string, postId: string, like: boolean): Promise<number> {
  const start = performance.now();
  await call(backend, 'POST', `/api/posts/${like ? 'like' : 'dislike'}/${postId}`, '', token);
  return performance.now() - start;
}

async function measureSave(env: Environment, posts: number, rounds: number): Promise<SaveFigure> {
  // Two cores over the same data: one alone, one behind the persistent backend.
  const plainCore = env.newCore();
  load(plainCore, posts);
  const core = env.newCore();
  load(core, posts);
  const plainBackend = coreBackend(plainCore);
  const db = await env.openDatabase(`murmur-bench-${env.name}-${++databases}`);
  const store = new IdbStateStore(db);
  // A channel, as the app has: a write then needs no head read of its own.
  const channel = new BroadcastChannel(`murmur-bench-${databases}`);
  const { backend } = await PersistentBackend.start({ core, store, channel });
  const plainSession = await prepare(plainBackend);
  const session = await prepare(backend);

  // Interleaved, so that a busy moment of a shared machine hits both sides;
  // medians, so that it does not decide the figure.
  const plain: number[] = [];
  const persisted: number[] = [];
  for (let i = 0; i < rounds + 2; i++) {
    const like = i % 2 === 0;
    const a = await timeMutation(plainBackend, plainSession.token, plainSession.postId, like);
    const b = await timeMutation(backend, session.token, session.postId, like);
    if (i >= 2) {
      plain.push(a);
      persisted.push(b);
    }
  }

  // As the app's fetch is answered: the msw handler, the Response, its JSON.
  const plainHandlers = createHandlers(plainBackend, '/');
  const handlers = createHandlers(backend, '/');
  const fetchPlain: number[] = [];
  const fetchPersisted: number[] = [];
  for (let i = 0; i < rounds + 2; i++) {
    // Carrying on the alternation above: the post is liked after an odd number of rounds.
    const like = (rounds + i) % 2 === 0;
    const a = await timeFetch(plainHandlers, plainSession.token, plainSession.postId, like);
    const b = await timeFetch(handlers, session.token, session.postId, like);
    if (i >= 2) {
      fetchPlain.push(a);
      fetchPersisted.push(b);
    }
  }

  // The save path alone, as a mutation runs it: one entry appended, head checked in the same transaction.
  const appends: number[] = [];
  const fulls: number[] = [];
  let expected = (await store.readHead()) as SavedHead;
  for (let i = 0; i < rounds; i++) {
    const head = newHead(expected);
    const entry: JournalEntry = {
      ...head,
      parent: expected.stamp,
      method: 'POST',
      url: `/api/posts/like/${session.postId}`,
      authorization: session.token,
      body: '{}',
      nowMs: Date.now(),
      offsetMinutes: 0,
    };
    const start = performance.now();
    await store.append(entry, { expected });
    appends.push(performance.now() - start);
    expected = head;
  }
  let snapshot = '';
  for (let i = 0; i < Math.min(rounds, 5); i++) {
    const start = performance.now();
    snapshot = core.exportSnapshot();
    await store.save({ format: 'murmur-demo-data', version: 1, ...expected, snapshot }, { expected });
    fulls.push(performance.now() - start);
  }
  db.close();
  channel.close();
  return {
    posts,
    snapshotKB: snapshot.length / 1024,
    plain: median(plain),
    persisted: median(persisted),
    added: median(appends),
    fullSave: median(fulls),
    fetchPlain: median(fetchPlain),
    fetchPersisted: median(fetchPersisted),
  };
}

async function measureRestore(env: Environment, posts: number, entries: number, runs: number): Promise<RestoreFigure> {
  const name = `murmur-bench-${env.name}-${++databases}`;
  const core = env.newCore();
  load(core, posts);
  const db = await env.openDatabase(name);
  // Never compacted here: the journal is left as long as asked.
  const { backend } = await PersistentBackend.start({ core, store: new IdbStateStore(db), compactEvery: entries + 2 });
  const { token, postId } = await prepare(backend);
  await call(backend, 'POST', `/api/posts/like/${postId}`, '', token); // saves the bulk state in full
  for (let i = 0; i < entries; i++) {
    await call(backend, 'POST', `/api/posts/${i % 2 === 0 ? 'dislike' : 'like'}/${postId}`, '', token);
  }
  const expected = 1 + entries;
  db.close();
  const snapshotKB = core.exportSnapshot().length / 1024;

  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const fresh = env.newCore(); // a new page's core, holding the seed
    const start = performance.now();
    const reopened = await env.openDatabase(name);
    const started = await PersistentBackend.start({ core: fresh, store: new IdbStateStore(reopened) });
    times.push(performance.now() - start);
    if (started.backend.revision !== expected) throw new Error('restore did not load the saved state');
    reopened.close();
  }
  return { posts, snapshotKB, entries, median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

export async function measurePersistence(
  env: Environment,
  options: { sizes: number[]; rounds: (posts: number) => number; restorePosts: number[]; restoreRuns: number },
): Promise<PersistenceFigures> {
  const saves: SaveFigure[] = [];
  for (const posts of options.sizes) saves.push(await measureSave(env, posts, options.rounds(posts)));
  const restores: RestoreFigure[] = [];
  // Just compacted, and the longest journal a start-up replays (one short of a compaction).
  for (const posts of options.restorePosts) {
    for (const entries of [0, IDB_COMPACT_EVERY - 1])
      restores.push(await measureRestore(env, posts, entries, options.restoreRuns));
  }
  return { environment: env.name, saves, restores };
}
