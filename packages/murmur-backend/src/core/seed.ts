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
    if (snapshot)
      core.importSnapshot(typeof seed.snapshot === 'string' ? seed.snapshot : JSON.stringify(seed.snapshot));
    else core.importSeed(JSON.stringify(seed));
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
