// `murmur-backend serve --seed FILE` with a JavaScript file: an app's
// fixtures as they are (a MirageJS app's `users.js` and `posts.js`, say),
// imported by Node. The seed is the module's default export (ESM
// `export default`, or CommonJS `module.exports`), else its named exports
// `users`, `posts` and `follows`. A `.json` file is read as JSON
// (./seedFile.ts).

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MurmurSeed } from '../core/seed.js';
import { SeedFileError } from './seedFile.js';

/** Whether `--seed FILE` names a JavaScript module rather than a JSON file. */
export function isSeedModule(path: string): boolean {
  return /\.(?:m|c)?js$/i.test(path);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The seed a JavaScript module exports; a `SeedFileError` saying what to change otherwise. */
export async function seedFromModule(path: string): Promise<MurmurSeed> {
  let exported: Record<string, unknown>;
  try {
    exported = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SeedFileError(path, `Node could not load it (${why})`);
  }
  const fallback = { users: exported.users, follows: exported.follows, posts: exported.posts };
  const seed = isObject(exported.default) ? exported.default : fallback;
  if (!Array.isArray(seed.users) && !('snapshot' in seed) && !('generate' in seed)) {
    throw new SeedFileError(
      path,
      'export the seed as its default export ({ users, posts }) or as named exports users and posts',
    );
  }
  // Only what JSON holds reaches the core (dates become text, as the API writes them).
  return JSON.parse(JSON.stringify(seed)) as MurmurSeed;
}
