import { Link } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { LoadFailed } from './LoadFailed';
import { PostComposer } from './PostComposer';
import { useFeed } from './useFeed';
import './posts.css';

/** Home (`/`): the create-post box and the feed of the user and the people they follow. */
export function HomePage() {
  const { posts, total, loading, failed, loadMore, retry } = useFeed('home');

  return (
    <div className="posts-page">
      <h1 className="visually-hidden">Home</h1>
      <section className="card composer-card" aria-label="Create a post">
        <PostComposer />
      </section>
      {loading ? (
        <Spinner label="Loading posts" />
      ) : (
        <Feed
          posts={posts}
          total={total}
          loadMore={loadMore}
          arrivals="home"
          emptyState={
            failed ? (
              <LoadFailed retry={retry} />
            ) : (
              <div className="empty-state">
                <p className="empty-state__title">Your feed is empty</p>
                <p className="muted">
                  Follow people from <strong>Who to Follow</strong>, or find posts to enjoy on{' '}
                  <Link to="/explore">Explore</Link>.
                </p>
              </div>
            )
          }
        />
      )}
    </div>
  );
}
