// The Chromium side of bench/backup.mjs: the real wasm core and the
// browser's IndexedDB. The runner calls `window.backupBench.run(options)`.
import init, { MockCore } from '@core/mock_core.js';
import wasmUrl from '@core/mock_core_bg.wasm?url';
import { openDatabase } from '../../packages/murmur-backend/src/persistence/db.js';
import { measureBackups, type BackupOptions } from './backup-measure';

declare global {
  interface Window {
    backupBench: { run(options: BackupOptions): unknown };
  }
}

window.backupBench = {
  async run(options) {
    await init({ module_or_path: wasmUrl });
    return measureBackups(
      { name: 'chromium', newCore: () => new MockCore(), openDatabase: (name) => openDatabase(name) },
      options,
    );
  },
};
document.documentElement.dataset.bench = 'ready';
