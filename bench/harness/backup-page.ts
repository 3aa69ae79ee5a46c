// The Chromium side of bench/backup.mjs: the real wasm core and the
// browser's IndexedDB. The runner calls `window.backupBench.run(options)`.
import { loadCore, openDatabase } from '@murmur/backend/testing';
import { measureBackups, type BackupOptions } from './backup-measure';

declare global {
  interface Window {
    backupBench: { run(options: BackupOptions): unknown };
  }
}

window.backupBench = {
  async run(options) {
    const MockCore = await loadCore();
    return measureBackups(
      { name: 'chromium', newCore: () => new MockCore(), openDatabase: (name) => openDatabase(name) },
      options,
    );
  },
};
document.documentElement.dataset.bench = 'ready';
