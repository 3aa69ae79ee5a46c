// The host's seed data, loaded by the core in one call (`importSeed`), which
// checks it by the API's own rules: users go through sign-up and the profile
// edit (passwords hashed as at sign-up), follows, posts, likes and comments
// through their routes' rules. A bad user or post is refused with the
// catalogue's message, and nothing is half imported. `generate` builds such a
// seed first, with a module loaded only when asked for (../generate/generateSeed.ts).

import { checkGenerateOptions, type GenerateOptions } from '../generate/options.js';

export interface SeedUser {
  username: string;
  /** In plain text: hashed (salted SHA-256) as at sign-up. */
  password: string;
  firstName: string;
  lastName: string;
  bio?: string;
  website?: string;
  /** A path under the base (`/avatars/a.svg`); default the default avatar. */
  avatarURL?: string;
  /** When the account was made (ms since the epoch); default now. */
  createdAt?: number;
}

export interface SeedComment {
  /** The commenter's username. */
  username: string;
  text: string;
  /** Default: the post's `createdAt`. */
  createdAt?: number;
}

export interface SeedPost {
  /** The author's username. */
  username: string;
  content: string;
  mediaURL?: string;
  /** Space-separated, as the API takes them (`'#rust #wasm'`). */
  hashtags?: string;
  /** Usernames of the users who like it. */
  likedBy?: string[];
  comments?: SeedComment[];
  /** When it was posted (ms since the epoch); default now. */
  createdAt?: number;
}

/** Users, their follows (`[follower, followed]` usernames) and posts. */
export interface SeedData {
  users: SeedUser[];
  follows?: [follower: string, followed: string][];
  posts?: SeedPost[];
}

/** Users and posts; a saved snapshot (`core.exportSnapshot()`); or a generated set (`{ generate: { users, posts, seed } }`). */
export type MurmurSeed = SeedData | { snapshot: string | object } | { generate: GenerateOptions };

/** A core whose whole state can be read and replaced. */
export interface SeedableCore {
  importSnapshot(json: string): void;
  /** `importSnapshot` of a text the core accepted before, unchanged since: its rules are not checked again. */
  importExportedSnapshot?(json: string): void;
  importSeed(json: string): void;
}

/** Why a seed was refused: names the user, post or follow, and the API's message. */
export class SeedError extends Error {
  override name = 'SeedError';
}

/** A seed ready for the core: `generate` already run. */
export type LoadableSeed = SeedData | { snapshot: string | object };

/**
 * Replaces the core's state with `seed`. Throws a `SeedError` (and leaves the
 * state as it was) when the core refuses any part of it.
 */
export function applySeed(core: SeedableCore, seed: LoadableSeed): void {
  const snapshot = 'snapshot' in seed;
  if (!snapshot && !Array.isArray(seed.users))
    throw new SeedError('seed: `users` must be a list (or give a `snapshot` or `generate`)');
  try {
    if (snapshot) {
      // Read once: a seed may make its text when asked (the command's, from the file's bytes).
      const text = seed.snapshot;
      if (typeof text !== 'string') core.importSnapshot(JSON.stringify(text));
      else if (wasAccepted(seed, text) && core.importExportedSnapshot) core.importExportedSnapshot(text);
      else {
        core.importSnapshot(text);
        accepted(seed, text);
      }
    } else core.importSeed(JSON.stringify(seed));
  } catch (error) {
    throw new SeedError(`seed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `{snapshot}` seeds whose text the core accepted, checked whole: a reset or
 * a new sandbox imports the same text again without checking the state's
 * rules again (30 ms of about 100 at 10,000 posts). Keyed by the seed, with
 * the text it gave, compared by the text: a seed whose `snapshot` was given
 * another text since is checked again. `true` for a seed that gives the same
 * text each time (`fixedSnapshotSeed`), so that its megabytes are not kept
 * here. (A snapshot given as an object is checked every time: it may have
 * been changed in place.)
 */
const acceptedSeeds = new WeakMap<object, string | true>();
/** Seeds made by `fixedSnapshotSeed`. */
const fixedSeeds = new WeakSet<object>();

function wasAccepted(seed: object, text: string): boolean {
  const accepted = acceptedSeeds.get(seed);
  return accepted === true || accepted === text;
}

function accepted(seed: object, text: string): void {
  acceptedSeeds.set(seed, fixedSeeds.has(seed) ? true : text);
}

/**
 * A `{snapshot}` seed whose text is made when it is imported, always the
 * same (the command's: decoded from a seed file's bytes it holds, so that
 * the server keeps megabytes of UTF-8 rather than a string). `accepted`: a
 * core took this very text before (the command keeps its digest beside the
 * state), so even its first import here skips the rules' check.
 */
export function fixedSnapshotSeed(text: () => string, accepted: boolean): { readonly snapshot: string } {
  const seed = {
    get snapshot() {
      return text();
    },
  };
  fixedSeeds.add(seed);
  if (accepted) acceptedSeeds.set(seed, true);
  return seed;
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
