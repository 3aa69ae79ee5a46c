// The seed's shape: what a host hands the core (core/seed.ts loads it) and
// what the seed generator writes (generate/generateSeed.ts). Its own module,
// below both, so that neither imports the other for it.

import type { MurmurApiSettings } from './apiSettings.js';

/** A user named by another record: a username (Murmur's shape), or a summary as the API embeds one. */
export type SeedUserRef = string | { _id?: string; username?: string; [display: string]: unknown };

/** A date: milliseconds since the epoch, or RFC 3339 text as the API writes it (`2022-01-10T10:55:06+05:30`). */
export type SeedDate = number | string;

export interface SeedUser {
  /** Kept as the user's id (a fixture's uuid); default `u-01`, `u-02`, … in seed order. */
  _id?: string;
  username: string;
  /** In plain text, any length: hashed (salted SHA-256) as at sign-up. */
  password: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  bio?: string;
  website?: string;
  /** Kept as given: a path under the base (`/avatars/a.svg`) or another site's URL; default the default avatar. */
  avatarURL?: string;
  /** When the account was made; default now. */
  createdAt?: SeedDate;
  updatedAt?: SeedDate;
  /** Who follows this user, and whom it follows: either side of a link is enough. */
  followers?: SeedUserRef[];
  following?: SeedUserRef[];
  /** Post ids. */
  bookmarks?: (string | { _id: string })[];
}

export interface SeedComment {
  _id?: string;
  /** The commenter's username. */
  username: string;
  text: string;
  votes?: { upvotedBy?: SeedUserRef[]; downvotedBy?: SeedUserRef[] };
  /** Default: the post's `createdAt`. */
  createdAt?: SeedDate;
  updatedAt?: SeedDate;
}

export interface SeedPost {
  /** Kept as the post's id; default `p-01`, `p-02`, … in seed order. */
  _id?: string;
  /** The author's username. */
  username: string;
  content: string;
  /** Kept as given: a path under the base, or another site's URL. */
  mediaURL?: string;
  /** Space-separated, as the API takes them (`'#rust #wasm'`). */
  hashtags?: string;
  /** Who likes it (Murmur's shape: usernames). */
  likedBy?: SeedUserRef[];
  /** The API's shape; `likeCount` is recomputed from `likedBy` (and reported) where it differs. */
  likes?: { likeCount?: number; likedBy?: SeedUserRef[]; dislikedBy?: SeedUserRef[] };
  comments?: SeedComment[];
  /** When it was posted; default now. */
  createdAt?: SeedDate;
  updatedAt?: SeedDate;
}

/** Users, their follows (`[follower, followed]` usernames) and posts. */
export interface SeedData {
  users: SeedUser[];
  follows?: [follower: string, followed: string][];
  posts?: SeedPost[];
  /** The API's settings this data's app needs (see `MurmurApiSettings`); they replace the host's `api`. */
  api?: MurmurApiSettings;
}
