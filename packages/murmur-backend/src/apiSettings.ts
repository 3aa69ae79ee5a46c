// The API's settings for apps built on the MirageJS template: a shape of its
// own, below the seed and the hosts' options that both carry it.

/**
 * The API's settings, where apps built on the MirageJS template and the spec
 * differ (the core's `ApiSettings`, docs/API.md). Each one absent is the spec's.
 */
export interface MurmurApiSettings {
  /** What the bookmark routes answer: the posts' ids (`'ids'`, default) or the posts (`'posts'`, the template's). */
  bookmarks?: 'ids' | 'posts';
  /** The most characters in a post's content, 1 to 10000. Default 100. */
  maxPostChars?: number;
  /** The fewest characters of a password at sign-up, 1 to 128. Default 8. */
  minPasswordChars?: number;
  /** Where a client's `avatarURL` may live: a path on this site (`'site'`, default) or also any http(s) URL (`'anywhere'`). */
  avatars?: 'site' | 'anywhere';
}
