// The feeds' pure logic: the three orders (for feeds read whole, such as a
// tag's; Home and Explore are ordered by the core) and paging.
import type { Post } from '../../api/models';
import { PAGE_SIZE, type PostFilter } from './feedSlice';

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/**
 * A new array in the filter's order: Latest is newest first, Oldest oldest
 * first, Trending most liked first (newest first among equals). Stable.
 */
export function sortPosts(posts: readonly Post[], filter: PostFilter): Post[] {
  const newestFirst = (a: Post, b: Post) => time(b.createdAt) - time(a.createdAt);
  switch (filter) {
    case 'Oldest':
      return [...posts].sort((a, b) => time(a.createdAt) - time(b.createdAt));
    case 'Trending':
      return [...posts].sort((a, b) => b.likes.likeCount - a.likes.likeCount || newestFirst(a, b));
    case 'Latest':
    default:
      return [...posts].sort(newestFirst);
  }
}

/** The posts shown once `page` pages are loaded. */
export function visiblePosts<T>(posts: readonly T[], page: number, pageSize = PAGE_SIZE): T[] {
  return posts.slice(0, Math.max(1, page) * pageSize);
}

/** Whether another page remains after `page`. */
export function hasMorePages(total: number, page: number, pageSize = PAGE_SIZE): boolean {
  return total > Math.max(1, page) * pageSize;
}

/** A user's own posts, newest first (profiles). */
export function postsBy(posts: readonly Post[], username: string): Post[] {
  return sortPosts(
    posts.filter((post) => post.username === username),
    'Latest',
  );
}
