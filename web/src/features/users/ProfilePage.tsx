import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { PostList } from '../posts/PostList';
import { fetchPosts } from '../posts/postsSlice';
import { ProfileCard } from './ProfileCard';
import { fetchUsers, selectSignedInUser, selectUserByUsername } from './usersSlice';
import './users.css';

/** /profile/:username */
export function ProfilePage() {
  const { username = '' } = useParams();
  // A new profile starts afresh: its modals closed, its loading state its own.
  return <Profile key={username} username={username} />;
}

type LoadState = 'loading' | 'loaded' | 'failed';

function Profile({ username }: { username: string }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => selectUserByUsername(state, username));
  const me = useAppSelector(selectSignedInUser);
  const allPosts = useAppSelector((state) => state.posts.allPosts);
  const postsLoading = useAppSelector((state) => state.posts.isPostLoading);
  const [load, setLoad] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void dispatch(fetchUsers()).then((result) =>
      setLoad(result.meta.requestStatus === 'fulfilled' ? 'loaded' : 'failed'),
    );
    void dispatch(fetchPosts());
  }, [dispatch, attempt]);

  const posts = useMemo(
    () =>
      allPosts
        .filter((post) => post.username === username)
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)),
    [allPosts, username],
  );

  if (!user) {
    if (load === 'loading') return <Spinner label="Loading profile" />;
    if (load === 'failed') {
      return (
        <section className="card profile-missing" role="alert">
          <h1>Could not load this profile</h1>
          <p className="muted">Something went wrong while loading @{username}.</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setLoad('loading');
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </section>
      );
    }
    return (
      <section className="card profile-missing">
        <h1>User not found</h1>
        <p className="muted">
          No one on Murmur goes by <strong>@{username}</strong>. They may have picked another name.
        </p>
        <Link className="btn" to="/">
          Back to Home
        </Link>
      </section>
    );
  }

  const isOwn = me?._id === user._id;
  return (
    <div className="profile-page">
      <ProfileCard user={user} isOwn={isOwn} postCount={posts.length} />
      <section className="profile-page__posts" aria-labelledby="profile-posts-heading">
        <h2 id="profile-posts-heading" className="profile-page__posts-title">
          Posts
        </h2>
        {posts.length === 0 && postsLoading ? (
          <Spinner label="Loading posts" />
        ) : (
          <PostList
            posts={posts}
            emptyMessage={isOwn ? 'You have not posted anything yet.' : `@${user.username} has not posted anything yet.`}
          />
        )}
      </section>
    </div>
  );
}
