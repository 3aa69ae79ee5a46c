// The Chromium side of bench/generate.mjs: `seed: { generate }` as
// startMurmurBackend runs it (the generator module loaded on demand, then the
// core's importSeed), timed in parts. The runner calls
// `window.generateBench.run(options)`.
import { loadCore, loadGenerator } from '@murmur/backend/testing';

interface Options {
  users: number;
  posts: number;
  seed: number;
  runs: number;
}

declare global {
  interface Window {
    generateBench: { run(options: Options): Promise<unknown> };
    generateOption(options: Omit<Options, 'runs'>): Promise<{
      readyMs: number;
      afterCoreMs: number;
      marks: Record<string, number>;
      posts: number;
      guestLogin: number;
    }>;
  }
}

window.generateBench = {
  async run({ users, posts, seed, runs }) {
    const MockCore = await loadCore();
    let started = performance.now();
    const { generateSeed } = await loadGenerator();
    const loadMs = performance.now() - started;
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const core = new MockCore({ basePath: '/' });
      started = performance.now();
      const doc = generateSeed({ users, posts, seed });
      const generated = performance.now();
      core.importSeed(JSON.stringify(doc));
      const imported = performance.now();
      samples.push({ generateMs: generated - started, importMs: imported - generated, totalMs: imported - started });
      core.free();
    }
    return { loadMs, samples };
  },
};
document.documentElement.dataset.bench = 'ready';

/**
 * The option itself, as an app uses it: `startMurmurBackend` with
 * `seed: { generate }` (once per page: it starts msw). Checks the answer:
 * the posts are all there and the guest signs in.
 */
window.generateOption = async ({ users, posts, seed }) => {
  const { startMurmurBackend } = await import('@murmur/backend');
  const started = performance.now();
  const backend = await startMurmurBackend({
    persist: 'memory',
    waitForWorker: false,
    seed: { generate: { users, posts, seed } },
  });
  const readyMs = performance.now() - started;
  const coreReady = performance.getEntriesByName('murmur:core-ready').at(-1)?.startTime ?? started;
  const afterCoreMs = performance.now() - coreReady;
  const at = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? 0;
  // Since the call: the core compiled, the seed made (the generator loaded
  // and run), loaded by the core, and the backend started over it.
  const marks = Object.fromEntries(
    ['core-ready', 'seed-made', 'seed-loaded', 'data-restored'].map((name) => [name, at(`murmur:${name}`) - started]),
  );
  const all = (await (await backend.transport('/api/posts')).json()) as { posts: unknown[] };
  const login = await backend.transport('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ username: 'guest', password: 'guest123' }),
  });
  return { readyMs, afterCoreMs, marks, posts: all.posts.length, guestLogin: login.status };
};
