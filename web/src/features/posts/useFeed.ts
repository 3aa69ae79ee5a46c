import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { FRESH_FOR_SECONDS } from '../../api/apiSlice';
import { useGetBookmarksQuery, useGetFeedInfiniteQuery, type FeedArg } from '../../api/postsApi';
import type { Post } from '../../api/models';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/session';
import { useErrorToast } from '../../lib/notify';
import { selectFilter } from './feedSlice';

const NO_POSTS: readonly Post[] = [];

/**
 * A list's posts (Home, Explore, a profile, bookmarks, a tag, a search), read
 * from the core a page at a time (read again when a page opens, as the spec's
 * posts pages do), with the bookmark ids when signed in; a failure is toasted
 * unless `quiet` (a page that says it in place).
 */
export function usePostList(arg: FeedArg, { quiet = false } = {}) {
  const token = useAppSelector(selectToken);
  const feed = useGetFeedInfiniteQuery(arg, { refetchOnMountOrArgChange: FRESH_FOR_SECONDS });
  useGetBookmarksQuery(undefined, { skip: !token, refetchOnMountOrArgChange: FRESH_FOR_SECONDS });
  useErrorToast(quiet ? undefined : feed.error);
  const posts = useMemo(() => {
    // Pages are read by number: a post may sit in two of them after a write.
    const seen = new Set<string>();
    const pages = feed.data?.pages ?? [];
    const all = pages.flatMap((page) => page.posts).filter((p) => !seen.has(p._id) && Boolean(seen.add(p._id)));
    return all.length ? all : NO_POSTS;
  }, [feed.data]);
  const { fetchNextPage, refetch } = feed;
  return {
    posts,
    /** How many posts the list holds in all (loaded or not). */
    total: feed.data?.pages.at(-1)?.total ?? 0,
    /** Nothing to show yet: the first answer has not come. */
    loading: feed.isLoading,
    /** The last read failed and nothing is shown. */
    failed: feed.isError && !feed.data,
    error: feed.error,
    /** Reads the next page. */
    loadMore: fetchNextPage,
    retry: () => void refetch(),
  };
}

/** Home's or Explore's posts in the chosen order. */
export function useFeed(scope: 'home' | 'explore') {
  const filter = useSelector(selectFilter);
  return usePostList({ scope, filter });
}
