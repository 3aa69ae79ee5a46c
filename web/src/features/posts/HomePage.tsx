import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../api/hooks';
import { selectSignedInUser } from '../../api/session';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { homePosts } from './feed';
import { PostComposer } from './PostComposer';
import { usePosts } from './usePosts';
import './posts.css';

/** Home (`/`): the create-post box and the feed of the user and the people they follow. */
export function HomePage() {
  const user = useAppSelector(selectSignedInUser);
  const { posts: allPosts, loading } = usePosts();
  const posts = useMemo(() => homePosts(allPosts, user), [allPosts, user]);

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
          emptyState={
            <div className="empty-state">
              <p className="empty-state__title">Your feed is empty</p>
              <p className="muted">
                Follow people from <strong>Who to Follow</strong>, or find posts to enjoy on{' '}
                <Link to="/explore">Explore</Link>.
              </p>
            </div>
          }
        />
      )}
    </div>
  );
}
