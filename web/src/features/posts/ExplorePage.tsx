import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { useLoadPosts } from './useLoadPosts';
import './posts.css';

/** Explore (`/explore`): every post, with the same filter and paging as Home. */
export function ExplorePage() {
  const allPosts = useAppSelector((state) => state.posts.allPosts);
  const { state, retry } = useLoadPosts();
  return (
    <div className="posts-page">
      <h1 className="page-title">Explore</h1>
      {state === 'loading' && allPosts.length === 0 ? (
        <Spinner label="Loading posts" />
      ) : (
        <Feed
          posts={allPosts}
          emptyState={
            state === 'failed' ? (
              <LoadFailed retry={retry} />
            ) : (
              <p className="empty-state__title">No posts yet. Be the first to write one.</p>
            )
          }
        />
      )}
    </div>
  );
}

export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__title">Posts could not be loaded</p>
      <button type="button" className="btn" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
