import type { SnapshotCore } from '../persistence/persistentBackend.js';
import { applySeed, type LoadableSeed, type SeedableCore, type SeedReport } from './seed.js';

/**
 * The core with the host's seed applied, and applied again on `reset()`
 * (the demo's "reset data" and a state restored after a storage fault), so
 * that "the seed" always means the host's. Without a seed, the core itself.
 * Throws a `SeedError` when the seed is refused. `later`: a saved state is
 * about to replace the core's, so the seed waits for the first reset.
 * `report`: what the core made of the seed applied now (null when none was).
 */
export function seededCore(
  core: SnapshotCore & SeedableCore,
  seed: LoadableSeed | undefined,
  later = false,
): { core: SnapshotCore; report: SeedReport | null } {
  if (!seed) return { core, report: null };
  const report = later ? null : applySeed(core, seed);
  const seeded: SnapshotCore = {
    handle: (...args) => core.handle(...args),
    handleAt: (...args) => core.handleAt(...args),
    exportSnapshot: () => core.exportSnapshot(),
    importSnapshot: (json) => core.importSnapshot(json),
    ...(core.importExportedSnapshot && {
      importExportedSnapshot: (json: string) => core.importExportedSnapshot!(json),
    }),
    reset() {
      core.reset();
      applySeed(core, seed);
    },
  };
  return { core: seeded, report };
}
