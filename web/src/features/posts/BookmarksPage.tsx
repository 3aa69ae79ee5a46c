import { useMemo } from 'react';
import { selectBookmarkIds } from '../../api/postsApi';
import { useAppSelector } from '../../api/hooks';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { LoadFailed } from './LoadFailed';
import { usePostList } from './useFeed';
import './posts.css';

/**
 * Bookmarks (`/bookmark`): the latest bookmark first, read a page at a time
 * and again on opening. A post unbookmarked here leaves the list at once
 * (and comes back if the core refuses).
 */
export function BookmarksPage() {
  const ids = useAppSelector(selectBookmarkIds);
  const list = usePostList({ scope: 'bookmarks' });
  const kept = useMemo(() => new Set(ids), [ids]);
  const posts = useMemo(() => list.posts.filter((post) => kept.has(post._id)), [list.posts, kept]);

  return (
    <div className="posts-page">
      <h1 className="page-title">Bookmarks</h1>
      {list.loading ? (
        <Spinner label="Loading bookmarks" />
      ) : (
        <Feed
          posts={posts}
          total={list.total - (list.posts.length - posts.length)}
          loadMore={list.loadMore}
          filters={false}
          emptyState={
            list.failed ? <LoadFailed retry={list.retry} /> : <p className="empty-state__title">No posts bookmarked</p>
          }
        />
      )}
    </div>
  );
}
