import { describe, expect, it } from 'vitest';
import type { Post } from '../../api/models';
import { hasMorePages, postsBy, sortPosts, visiblePosts } from './feed';

function post(id: string, username: string, createdAt: string, likeCount = 0): Post {
  return {
    _id: id,
    id,
    content: `post ${id}`,
    mediaURL: '',
    hashtags: '',
    username,
    firstName: username,
    lastName: '',
    avatarURL: '',
    createdAt,
    updatedAt: createdAt,
    likes: { likeCount, likedBy: [], dislikedBy: [] },
    comments: [],
  };
}

const posts = [
  post('a', 'ann', '2026-01-02T10:00:00+00:00', 3),
  post('b', 'bob', '2026-03-01T10:00:00+01:00', 7),
  post('c', 'cat', '2025-12-31T23:59:59+00:00', 3),
  post('d', 'ann', '2026-02-10T08:00:00+00:00', 0),
];
const ids = (list: Post[]) => list.map((p) => p._id);

describe('sortPosts', () => {
  it('Latest: createdAt, newest first', () => {
    expect(ids(sortPosts(posts, 'Latest'))).toEqual(['b', 'd', 'a', 'c']);
  });
  it('Oldest: createdAt, oldest first', () => {
    expect(ids(sortPosts(posts, 'Oldest'))).toEqual(['c', 'a', 'd', 'b']);
  });
  it('Trending: most likes first, newest first among equals', () => {
    expect(ids(sortPosts(posts, 'Trending'))).toEqual(['b', 'a', 'c', 'd']);
  });
  it('leaves the input alone', () => {
    sortPosts(posts, 'Oldest');
    expect(ids(posts)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('paging', () => {
  const twelve = Array.from({ length: 12 }, (_, n) => n);
  it('shows 5 posts a page', () => {
    expect(visiblePosts(twelve, 1)).toEqual([0, 1, 2, 3, 4]);
    expect(visiblePosts(twelve, 2)).toHaveLength(10);
    expect(visiblePosts(twelve, 3)).toHaveLength(12);
    expect(visiblePosts(twelve, 0)).toHaveLength(5);
  });
  it('knows when the feed has ended', () => {
    expect(hasMorePages(12, 1)).toBe(true);
    expect(hasMorePages(12, 2)).toBe(true);
    expect(hasMorePages(12, 3)).toBe(false);
    expect(hasMorePages(5, 1)).toBe(false);
    expect(hasMorePages(0, 1)).toBe(false);
  });
});

describe('postsBy', () => {
  it("lists one user's posts, newest first", () => {
    expect(ids(postsBy(posts, 'ann'))).toEqual(['d', 'a']);
  });
});
