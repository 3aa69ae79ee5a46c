import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { PostList } from './PostList';
import { useLoadPosts } from './useLoadPosts';
import './posts.css';

/** Bookmarks (`/bookmark`): reloads the list on opening; latest bookmark first. */
export function BookmarksPage() {
  const allPosts = useAppSelector((state) => state.posts.allPosts);
  const ids = useAppSelector((state) => state.posts.bookmarkPosts);
  const { state } = useLoadPosts();
  const posts = useMemo(() => {
    const byId = new Map(allPosts.map((post) => [post._id, post]));
    return [...ids].reverse().flatMap((id) => byId.get(id) ?? []);
  }, [allPosts, ids]);

  return (
    <div className="posts-page">
      <h1 className="page-title">Bookmarks</h1>
      {state === 'loading' && posts.length === 0 ? (
        <Spinner label="Loading bookmarks" />
      ) : (
        <PostList posts={posts} emptyMessage={<p className="empty-state__title">No posts bookmarked</p>} />
      )}
    </div>
  );
}
