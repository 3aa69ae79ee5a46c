import { useGetBookmarksQuery, useGetPostsQuery } from '../../api/apiSlice';
import type { Post } from '../../api/models';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/session';
import { useErrorToast } from '../../lib/notify';

const NO_POSTS: readonly Post[] = [];

/**
 * The posts, read again whenever a page opens (spec: the posts pages reload
 * on opening), with the bookmark ids when signed in; a failure is toasted.
 */
export function usePosts() {
  const token = useAppSelector(selectToken);
  const posts = useGetPostsQuery(undefined, { refetchOnMountOrArgChange: true });
  const bookmarks = useGetBookmarksQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  useErrorToast(posts.error);
  return {
    posts: posts.data ?? NO_POSTS,
    /** Nothing to show yet: the first answer has not come. */
    loading: posts.isLoading,
    /** A read is on its way (the first, or the one on opening). */
    fetching: posts.isFetching,
    bookmarksLoading: bookmarks.isLoading,
    /** The last read failed and nothing is shown. */
    failed: posts.isError && !posts.data,
    retry: () => void posts.refetch(),
  };
}
