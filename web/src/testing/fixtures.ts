// Users and posts for component tests, in the API's shape (api/models.ts).
import type { Post, User } from '../api/models';

/** The guest, signed in: `overrides` changes what a test needs. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u-guest',
    firstName: 'Guest',
    lastName: 'User',
    username: 'guest',
    avatarURL: '',
    createdAt: '2025-01-06T10:00:00+00:00',
    updatedAt: '2025-01-06T10:00:00+00:00',
    bio: '',
    website: '',
    followers: [],
    following: [],
    bookmarks: [],
    ...overrides,
  };
}

/** A post by Maya written five minutes ago, liked by nobody: `overrides` changes what a test needs. */
export function testPost(id: string, overrides: Partial<Post> = {}): Post {
  return {
    _id: id,
    id,
    content: `Post ${id}`,
    mediaURL: '',
    hashtags: '',
    username: 'maya_lind',
    firstName: 'Maya',
    lastName: 'Lindqvist',
    avatarURL: '',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    updatedAt: new Date().toISOString(),
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    ...overrides,
  };
}
