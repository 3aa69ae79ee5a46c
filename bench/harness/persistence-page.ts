// The Chromium side of bench/persistence.mjs: the real wasm core and the
// browser's IndexedDB. The runner calls `window.persistenceBench.run(options)`.
import { loadCore, openDatabase } from '@murmur/backend/testing';
import { measurePersistence } from './persistence-measure';

type Options = Parameters<typeof measurePersistence>[1];

declare global {
  interface Window {
    persistenceBench: { run(options: Omit<Options, 'rounds'> & { rounds: Record<string, number> }): unknown };
  }
}

window.persistenceBench = {
  async run(options) {
    const MockCore = await loadCore();
    return measurePersistence(
      { name: 'chromium', newCore: () => new MockCore(), openDatabase: (name) => openDatabase(name) },
      { ...options, rounds: (posts) => options.rounds[posts] ?? 20 },
    );
  },
};
document.documentElement.dataset.bench = 'ready';
