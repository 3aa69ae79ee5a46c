// The host's own seed data, put into a fresh core through the core's own API
// (sign-up, profile edit, follow, post, like), so every rule and message of
// the API checks it: passwords are hashed as at sign-up, a bad user or post
// is refused with the catalogue's message, and nothing is half imported.

import { bodyText, callCore, type CoreLike } from './handlers.js';

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
}

/** Users, their follows (`[follower, followed]` usernames) and posts; or a saved snapshot (`core.exportSnapshot()`). */
export type MurmurSeed =
  | { users: SeedUser[]; follows?: [follower: string, followed: string][]; posts?: SeedPost[] }
  | { snapshot: string | object };

/** A core whose whole state can be read and replaced. */
export interface SeedableCore extends CoreLike {
  exportSnapshot(): string;
  importSnapshot(json: string): void;
}

/** Why a seed was refused: names the user, post or follow, and the API's message. */
export class SeedError extends Error {
  override name = 'SeedError';
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

function call(core: CoreLike, method: string, url: string, token: string | undefined, body: unknown): Answer {
  const res = callCore(core, method, url, token, body === undefined ? '' : JSON.stringify(body));
  return { status: res.status, json: JSON.parse(bodyText(res)) as Record<string, unknown> };
}

function expectOk(what: string, answer: Answer): Answer {
  if (answer.status >= 200 && answer.status < 300) return answer;
  const errors = answer.json.errors;
  const message = Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : `status ${answer.status}`;
  throw new SeedError(`seed: ${what}: ${message}`);
}

/**
 * Replaces the core's state with `seed`. Throws a `SeedError` (and leaves the
 * state as it was) when the API refuses any part of it.
 */
export function applySeed(core: SeedableCore, seed: MurmurSeed): void {
  if ('snapshot' in seed) {
    const json = typeof seed.snapshot === 'string' ? seed.snapshot : JSON.stringify(seed.snapshot);
    try {
      core.importSnapshot(json);
    } catch (error) {
      throw new SeedError(`seed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return;
  }
  if (!Array.isArray(seed.users)) throw new SeedError('seed: `users` must be a list (or give a `snapshot`)');
  const before = core.exportSnapshot();
  try {
    load(core, seed);
  } catch (error) {
    core.importSnapshot(before);
    throw error;
  }
}

function load(core: SeedableCore, seed: Extract<MurmurSeed, { users: SeedUser[] }>): void {
  // Empty, keeping the salt generator; ids start again (u-01, p-01, c-01)
  // in the seed's order. Upload ids go on, so no stored image is shadowed.
  const state = JSON.parse(core.exportSnapshot()) as { counters: Record<string, number> };
  const empty = { ...state, users: [], posts: [], counters: { ...state.counters, user: 0, post: 0, comment: 0 } };
  core.importSnapshot(JSON.stringify(empty));

  const accounts = new Map<string, { id: string; token: string }>();
  const account = (username: string, what: string) => {
    const found = accounts.get(username);
    if (!found) throw new SeedError(`seed: ${what}: no seed user "${username}"`);
    return found;
  };
  for (const user of seed.users) {
    const what = `user "${user.username}"`;
    const { bio, website, ...signup } = user;
    const created = expectOk(what, call(core, 'POST', '/api/auth/signup', undefined, signup)).json;
    const token = String(created.encodedToken);
    accounts.set(user.username, { id: String((created.createdUser as { _id: string })._id), token });
    if (bio !== undefined || website !== undefined) {
      expectOk(what, call(core, 'POST', '/api/users/edit', token, { userData: { bio, website } }));
    }
  }
  for (const [follower, followed] of seed.follows ?? []) {
    const what = `follow "${follower}" → "${followed}"`;
    const target = account(followed, what).id;
    expectOk(what, call(core, 'POST', `/api/users/follow/${encodeURIComponent(target)}`, account(follower, what).token, undefined));
  }
  const known = new Set<string>();
  (seed.posts ?? []).forEach((post, index) => {
    const what = `post ${index + 1} ("${post.content}")`;
    const { username, likedBy, ...postData } = post;
    const answer = expectOk(what, call(core, 'POST', '/api/posts', account(username, what).token, { postData }));
    const ids = (answer.json.posts as { _id: string }[]).map((p) => p._id);
    const id = ids.find((candidate) => !known.has(candidate));
    ids.forEach((candidate) => known.add(candidate));
    for (const liker of likedBy ?? []) {
      expectOk(what, call(core, 'POST', `/api/posts/like/${encodeURIComponent(id ?? '')}`, account(liker, what).token, undefined));
    }
  });
}
