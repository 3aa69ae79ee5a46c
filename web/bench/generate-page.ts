// The Chromium side of bench/generate.mjs: `seed: { generate }` as
// startMurmurBackend runs it (the generator module loaded on demand, then the
// core's importSeed), timed in parts. The runner calls
// `window.generateBench.run(options)`.
import init, { MockCore } from '@core/mock_core.js';
import wasmUrl from '@core/mock_core_bg.wasm?url';

interface Options {
  users: number;
  posts: number;
  seed: number;
  runs: number;
}

declare global {
  interface Window {
    generateBench: { run(options: Options): Promise<unknown> };
  }
}

window.generateBench = {
  async run({ users, posts, seed, runs }) {
    await init({ module_or_path: wasmUrl });
    let started = performance.now();
    const { generateSeed } = await import('../../packages/murmur-backend/src/generateSeed.js');
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
