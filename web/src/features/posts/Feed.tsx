import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ArrivalScope } from '../../api/liveActions';
import type { Post } from '../../api/models';
import { Spinner } from '../../components/Spinner';
import { hasMorePages, visiblePosts } from './feed';
import { FilterBar } from './FilterBar';
import { NewPostsBar } from './NewPostsBar';
import { WindowedPostList } from './WindowedPostList';
import { nextPage, PAGE_SIZE, resetPage, selectPage } from './feedSlice';

/** How long the loader shows before the next page appears (docs/product.md, "Limits"). */
export const LOADER_DELAY_MS = 1500;

interface FeedProps {
  /** The feed's posts loaded so far, in the order shown (the filter's). */
  posts: readonly Post[];
  /** How many posts the feed holds in all; `posts.length` when all are loaded. */
  total?: number;
  /** Reads more posts when the next page needs them (a feed read page by page). */
  loadMore?: () => PromiseLike<unknown>;
  emptyState: ReactNode;
  headingLevel?: 1 | 2;
  /** Whether the list can be sorted (the filter bar); a list with an order of its own (bookmarks, a search) cannot. */
  filters?: boolean;
  /** The list whose live arrivals wait at its top behind "N new posts" (Home, Explore). */
  arrivals?: ArrivalScope;
}

/**
 * A paged feed: 5 posts a page, the next page when the sentinel below the
 * last post scrolls into view, after the loader has shown (and the page has
 * been read, for a feed read page by page).
 */
export function Feed({
  posts,
  total = posts.length,
  loadMore,
  emptyState,
  headingLevel,
  filters = true,
  arrivals,
}: FeedProps) {
  const dispatch = useDispatch();
  const page = useSelector(selectPage);
  const [loadingMore, setLoadingMore] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  /** The read of the next page's posts, started with the loader. */
  const reading = useRef<Promise<unknown>>(undefined);

  const shown = useMemo(() => visiblePosts(posts, page), [posts, page]);
  const more = hasMorePages(total, page);
  // The posts the next page needs, read as the loader shows.
  const missing = posts.length < (page + 1) * PAGE_SIZE;

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
        // A failed read is toasted by the feed's query; the sentinel asks again.
        reading.current = missing && loadMore ? Promise.resolve(loadMore()).catch(() => undefined) : undefined;
        setLoadingMore(true);
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, loadingMore, page, missing, loadMore]);

  useEffect(() => {
    if (!loadingMore) return;
    let live = true;
    const delay = new Promise((resolve) => window.setTimeout(resolve, LOADER_DELAY_MS));
    void Promise.all([delay, reading.current]).then(() => {
      if (!live) return;
      dispatch(nextPage());
      setLoadingMore(false);
    });
    return () => {
      live = false;
    };
  }, [loadingMore, dispatch]);

  return (
    <section className="feed">
      {filters && <FilterBar headingLevel={headingLevel} />}
      {arrivals && <NewPostsBar scope={arrivals} posts={posts} />}
      <WindowedPostList posts={shown} emptyMessage={emptyState} />
      {more && <div ref={sentinel} className="feed__sentinel" data-testid="feed-sentinel" aria-hidden="true" />}
      {loadingMore && <Spinner label="Loading more posts" />}
      {!more && posts.length > 0 && <p className="feed__end">You’re all caught up</p>}
    </section>
  );
}
