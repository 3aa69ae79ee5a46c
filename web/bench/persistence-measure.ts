// What saving the demo data costs, measured the same way in Chromium (real
// IndexedDB) and in Node (fake-indexeddb): the same like/dislike mutations
// through the plain core and through the persistent backend, at three sizes;
// and the start-up restore of a saved 1,000-post state.
import { bodyText, coreBackend, type Backend } from '../src/mocks/handlers';
import { PersistentBackend, type SnapshotCore } from '../src/mocks/persistence/persistentBackend';
import { IdbStateStore } from '../src/mocks/persistence/store';
import { toSaved, type SavedHead } from '../src/mocks/persistence/format';

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
  /** Median ms of what a save adds: head check, export, IndexedDB commit. */
  added: number;
  /** Median ms of the head check and `exportSnapshot()`, part of `added`. */
  exportOnly: number;
}

export interface RestoreFigure {
  posts: number;
  snapshotKB: number;
  /** Median ms: open the database, read the saved state, import it. */
  median: number;
  min: number;
  max: number;
}

export interface PersistenceFigures {
  environment: string;
  saves: SaveFigure[];
  restore: RestoreFigure;
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
  const login = await call(backend, 'POST', '/api/auth/login', JSON.stringify({ username: 'guest', password: 'guest123' }));
  const { posts } = (await call(backend, 'GET', '/api/posts')) as { posts: { _id: string }[] };
  return { token: login.encodedToken as string, postId: posts[0]!._id };
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
  const { backend } = await PersistentBackend.start({ core, store });
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

  // The save path alone, as a mutation runs it: head check, export, commit.
  const saves: number[] = [];
  const exports: number[] = [];
  let snapshot = '';
  let expected = (await store.readHead()) as SavedHead;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await store.readHead();
    snapshot = core.exportSnapshot();
    exports.push(performance.now() - start);
    const head = { revision: expected.revision + 1, stamp: `bench-${i}`, savedAt: Date.now() };
    await store.save(toSaved(head, snapshot), { expected });
    saves.push(performance.now() - start);
    expected = head;
  }
  db.close();
  return {
    posts,
    snapshotKB: snapshot.length / 1024,
    plain: median(plain),
    persisted: median(persisted),
    added: median(saves),
    exportOnly: median(exports),
  };
}

async function measureRestore(env: Environment, posts: number, runs: number): Promise<RestoreFigure> {
  const name = `murmur-bench-${env.name}-${++databases}`;
  const core = env.newCore();
  load(core, posts);
  const db = await env.openDatabase(name);
  const { backend } = await PersistentBackend.start({ core, store: new IdbStateStore(db) });
  const { token, postId } = await prepare(backend);
  await call(backend, 'POST', `/api/posts/like/${postId}`, '', token); // saves the bulk state
  db.close();
  const snapshotKB = core.exportSnapshot().length / 1024;

  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const fresh = env.newCore(); // a new page's core, holding the seed
    const start = performance.now();
    const reopened = await env.openDatabase(name);
    const started = await PersistentBackend.start({ core: fresh, store: new IdbStateStore(reopened) });
    times.push(performance.now() - start);
    if (started.backend.revision !== 1) throw new Error('restore did not load the saved state');
    reopened.close();
  }
  return { posts, snapshotKB, median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

export async function measurePersistence(
  env: Environment,
  options: { sizes: number[]; rounds: (posts: number) => number; restorePosts: number; restoreRuns: number },
): Promise<PersistenceFigures> {
  const saves: SaveFigure[] = [];
  for (const posts of options.sizes) saves.push(await measureSave(env, posts, options.rounds(posts)));
  const restore = await measureRestore(env, options.restorePosts, options.restoreRuns);
  return { environment: env.name, saves, restore };
}
