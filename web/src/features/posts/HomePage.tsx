import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { homePosts } from './feed';
import { PostComposer } from './PostComposer';
import { useLoadPosts } from './useLoadPosts';
import './posts.css';

/** Home (`/`): the create-post box and the feed of the user and the people they follow. */
export function HomePage() {
  const user = useAppSelector((state) => state.auth.user);
  const allPosts = useAppSelector((state) => state.posts.allPosts);
  const { state } = useLoadPosts();
  const posts = useMemo(() => homePosts(allPosts, user), [allPosts, user]);

  return (
    <div className="posts-page">
      <h1 className="visually-hidden">Home</h1>
      <section className="card composer-card" aria-label="Create a post">
        <PostComposer />
      </section>
      {state === 'loading' && allPosts.length === 0 ? (
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
