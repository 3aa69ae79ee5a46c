import { Link } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { LoadFailed } from './LoadFailed';
import { useFeed } from './useFeed';
import './posts.css';

/** Explore (`/explore`): every post, with the same filter and paging as Home. */
export function ExplorePage() {
  const { posts, total, loading, failed, loadMore, retry } = useFeed('explore');
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
          posts={posts}
          total={total}
          loadMore={loadMore}
          arrivals="explore"
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
