// The host's seed data, loaded by the core in one call (`importSeed`) as it
// is: the developer's own data (a MirageJS app's fixtures, say), not a
// client's input, so the API's input rules do not apply. Two shapes, mixed
// freely: Murmur's own (below, `follows` and `likedBy` by username) and the
// API's (`_id`s, embedded `followers`/`following` and `likes.likedBy`
// summaries). The core enforces only what it relies on (unique ids and
// usernames, references that resolve: by `_id` where it matches, else by
// username), adapts the rest (`likeCount` recomputed, follows made
// symmetric) and says what it adapted in a `SeedReport`; a refused seed names
// the item, and nothing is half imported. `generate` builds a seed first, with
// a module loaded only when asked for (../generate/generateSeed.ts).

import { checkGenerateOptions, type GenerateOptions } from '../generate/options.js';

export type { SeedComment, SeedData, SeedDate, SeedPost, SeedUser, SeedUserRef } from '../seedData.js';
import type { SeedData } from '../seedData.js';

/**
 * What the core made of a `{users, posts}` seed: how much it loaded, what it
 * adapted to its invariants (`adapted`: a line per kind, with a count and a
 * few examples), and what it kept as given although the API would refuse it
 * from a client (`asGiven`: short passwords, remote media URLs).
 */
export interface SeedReport {
  users: number;
  posts: number;
  comments: number;
  adapted: string[];
  asGiven: string[];
}

/** The one line a host prints about a seed it loaded (`[murmur] seed loaded: users 3, …; adapted: …`). */
export function seedReportLine(report: SeedReport): string {
  const loaded = `[murmur] seed loaded: users ${report.users}, posts ${report.posts}, comments ${report.comments}`;
  const adapted = report.adapted.length ? `; adapted: ${report.adapted.join('; ')}` : '';
  const given = report.asGiven.length ? `; as given: ${report.asGiven.join('; ')}` : '';
  return `${loaded}${adapted}${given}`;
}

/** Users and posts; a saved snapshot (`core.exportSnapshot()`); or a generated set (`{ generate: { users, posts, seed } }`). */
export type MurmurSeed = SeedData | { snapshot: string | object } | { generate: GenerateOptions };

/** A core whose whole state can be read and replaced. */
export interface SeedableCore {
  importSnapshot(json: string): void;
  importSnapshot(json: string): void;
  /** Returns the `SeedReport` as JSON (an older core returns nothing). */
  importSeed(json: string): string | void;
  /** Sets the API's settings (JSON); throws saying what to change. */
  configure?(json: string): void;
}

/** Why a seed was refused: names the user, post or follow, and the API's message. */
export class SeedError extends Error {
  override name = 'SeedError';
}

/** A seed ready for the core: `generate` already run. */
export type LoadableSeed = SeedData | { snapshot: string | object };

/**
 * Replaces the core's state with `seed`, and says what the core made of a
 * `{users, posts}` one (null for a snapshot). Throws a `SeedError` (and
 * leaves the state as it was) when the core refuses any part of it.
 */
export function applySeed(core: SeedableCore, seed: LoadableSeed): SeedReport | null {
  const snapshot = 'snapshot' in seed;
  if (!snapshot && !Array.isArray(seed.users))
    throw new SeedError('seed: `users` must be a list (or give a `snapshot` or `generate`)');
  try {
    if (snapshot) {
      core.importSnapshot(typeof seed.snapshot === 'string' ? seed.snapshot : JSON.stringify(seed.snapshot));
      return null;
    }
    const report = core.importSeed(JSON.stringify(seed));
    return typeof report === 'string' ? (JSON.parse(report) as SeedReport) : null;
  } catch (error) {
    throw new SeedError(`seed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Throws a `SeedError` saying what to change when `generate`'s options are wrong (before anything is loaded). */
export function checkSeed(seed: MurmurSeed | undefined): void {
  if (!seed || !('generate' in seed)) return;
  try {
    checkGenerateOptions(seed.generate);
  } catch (error) {
    throw new SeedError(`seed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `seed` with `generate` run (the generator, a chunk of its own, is loaded only then). */
export async function loadableSeed(seed: MurmurSeed): Promise<LoadableSeed> {
  if (!('generate' in seed)) return seed;
  checkSeed(seed);
  const { generateSeed } = await import('../generate/generateSeed.js');
  return generateSeed(seed.generate);
}
