import type { SnapshotCore } from '../persistence/persistentBackend.js';
import type { MurmurApiSettings } from './hostOptions.js';
import { applySeed, type LoadableSeed, type SeedableCore, type SeedReport } from './seed.js';

/** A seed made when it is first needed (generated, or read from a file): a restart over a saved state needs it only at a reset. */
export type SeedMaker = () => Promise<LoadableSeed | undefined>;

/**
 * The core with the host's seed applied, and applied again on `reset()`
 * (the demo's "reset data" and a state restored after a storage fault), so
 * that "the seed" always means the host's. Without a seed, the core itself.
 * Throws a `SeedError` when the seed is refused. Given a `SeedMaker`, a
 * saved state is about to replace the core's: the seed is made and applied
 * at the first reset, not now. `report`: what the core made of the seed
 * applied now (null when none was).
 */
export function seededCore(
  core: SnapshotCore & SeedableCore,
  seed: LoadableSeed | SeedMaker | undefined,
  api?: MurmurApiSettings,
): { core: SnapshotCore; report: SeedReport | null } {
  // Settings first: the core keeps them through the seed (unless it names its own), resets and saved states.
  if (api) core.configure?.(JSON.stringify(api));
  if (!seed) return { core, report: null };
  const report = typeof seed === 'function' ? null : applySeed(core, seed);
  const seeded: SnapshotCore = {
    handle: (...args) => core.handle(...args),
    handleAt: (...args) => core.handleAt(...args),
    events: (...args) => core.events(...args),
    get revision() {
      return core.revision;
    },
    exportSnapshot: () => core.exportSnapshot(),
    importSnapshot: (json) => core.importSnapshot(json),
    async reset() {
      const made = typeof seed === 'function' ? await seed() : seed;
      core.reset();
      if (made) applySeed(core, made);
    },
  };
  return { core: seeded, report };
}
