import { Link } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { usePosts } from './usePosts';
import './posts.css';

/** Explore (`/explore`): every post, with the same filter and paging as Home. */
export function ExplorePage() {
  const { posts: allPosts, loading, failed, retry } = usePosts();
  return (
    <div className="posts-page">
      <h1 className="page-title">Explore</h1>
      <Link to="/search" className="btn explore-search-link">
        Search people, posts and tags
      </Link>
      {loading ? (
        <Spinner label="Loading posts" />
      ) : (
        <Feed
          posts={allPosts}
          emptyState={
            failed ? (
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

function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__title">Posts could not be loaded</p>
      <button type="button" className="btn" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
