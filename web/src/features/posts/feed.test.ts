import { describe, expect, it } from 'vitest';
import { hasMorePages, visiblePosts } from './feed';

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
