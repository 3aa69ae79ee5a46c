// The feeds' pure logic: paging (the core orders every list).
import { PAGE_SIZE } from './feedSlice';

/** The posts shown once `page` pages are loaded. */
export function visiblePosts<T>(posts: readonly T[], page: number, pageSize = PAGE_SIZE): T[] {
  return posts.slice(0, Math.max(1, page) * pageSize);
}

/** Whether another page remains after `page`. */
export function hasMorePages(total: number, page: number, pageSize = PAGE_SIZE): boolean {
  return total > Math.max(1, page) * pageSize;
}
