import { useMemo } from 'react';
import { selectBookmarkIds } from '../../api/apiSlice';
import { useAppSelector } from '../../api/hooks';
import { Spinner } from '../../components/Spinner';
import { PostList } from './PostList';
import { usePosts } from './usePosts';
import './posts.css';

/** Bookmarks (`/bookmark`): reloads the list on opening; latest bookmark first. */
export function BookmarksPage() {
  const ids = useAppSelector(selectBookmarkIds);
  const { posts: allPosts, loading, bookmarksLoading } = usePosts();
  const posts = useMemo(() => {
    const byId = new Map(allPosts.map((post) => [post._id, post]));
    return [...ids].reverse().flatMap((id) => byId.get(id) ?? []);
  }, [allPosts, ids]);

  return (
    <div className="posts-page">
      <h1 className="page-title">Bookmarks</h1>
      {(loading || bookmarksLoading) && posts.length === 0 ? (
        <Spinner label="Loading bookmarks" />
      ) : (
        <PostList posts={posts} emptyMessage={<p className="empty-state__title">No posts bookmarked</p>} />
      )}
    </div>
  );
}
