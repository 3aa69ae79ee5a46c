import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Post } from '../../api/models';
import { Spinner } from '../../components/Spinner';
import { hasMorePages, sortPosts, visiblePosts } from './feed';
import { FilterBar } from './FilterBar';
import { WindowedPostList } from './WindowedPostList';
import { nextPage, resetPage, selectFilter, selectPage } from './feedSlice';

/** How long the loader shows before the next page appears (spec §9). */
export const LOADER_DELAY_MS = 1500;

interface FeedProps {
  /** The feed's posts, in any order. */
  posts: readonly Post[];
  emptyState: ReactNode;
  headingLevel?: 1 | 2;
}

/**
 * A sorted, paged feed: 5 posts a page, the next page when the sentinel
 * below the last post scrolls into view.
 */
export function Feed({ posts, emptyState, headingLevel }: FeedProps) {
  const dispatch = useDispatch();
  const filter = useSelector(selectFilter);
  const page = useSelector(selectPage);
  const [loadingMore, setLoadingMore] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const sorted = useMemo(() => sortPosts(posts, filter), [posts, filter]);
  const shown = useMemo(() => visiblePosts(sorted, page), [sorted, page]);
  const more = hasMorePages(sorted.length, page);

  // Each feed page opens at its first page.
  useEffect(() => {
    dispatch(resetPage());
  }, [dispatch]);

  useEffect(() => {
    const node = sentinel.current;
    if (!more || loadingMore || !node || typeof IntersectionObserver === 'undefined') return;
    // A new observer per page: it reports at once if the sentinel is still in view.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        setLoadingMore(true);
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, loadingMore, page]);

  useEffect(() => {
    if (!loadingMore) return;
    const timer = window.setTimeout(() => {
      dispatch(nextPage());
      setLoadingMore(false);
    }, LOADER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loadingMore, dispatch]);

  return (
    <section className="feed">
      <FilterBar headingLevel={headingLevel} />
      <WindowedPostList posts={shown} emptyMessage={emptyState} />
      {more && <div ref={sentinel} className="feed__sentinel" data-testid="feed-sentinel" aria-hidden="true" />}
      {loadingMore && <Spinner label="Loading more posts" />}
      {!more && sorted.length > 0 && <p className="feed__end">You’re all caught up</p>}
    </section>
  );
}
