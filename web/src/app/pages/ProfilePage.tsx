import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useGetPostsQuery, useGetUsersQuery } from '../../api/apiSlice';
import { useAppSelector } from '../../api/hooks';
import { selectSignedInUser } from '../../api/session';
import { Spinner } from '../../components/Spinner';
import { postsBy } from '../../features/posts/feed';
import { PostList } from '../../features/posts/PostList';
import { ProfileCard } from '../../features/users/ProfileCard';
import '../../features/users/users.css';

/** /profile/:username */
export function ProfilePage() {
  const { username = '' } = useParams();
  // A new profile starts afresh: its modals closed, its loading state its own.
  return <Profile key={username} username={username} />;
}

function Profile({ username }: { username: string }) {
  // Both reload when a profile opens.
  const users = useGetUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const allPosts = useGetPostsQuery(undefined, { refetchOnMountOrArgChange: true });
  const me = useAppSelector(selectSignedInUser);
  const user = users.data?.find((u) => u.username === username);
  const posts = useMemo(() => postsBy(allPosts.data ?? [], username), [allPosts.data, username]);

  if (!user) {
    if (users.isFetching) return <Spinner label="Loading profile" />;
    if (users.isError) {
      return (
        <section className="card profile-missing" role="alert">
          <h1>Could not load this profile</h1>
          <p className="muted">Something went wrong while loading @{username}.</p>
          <button
            type="button"
            className="btn"
            onClick={() => void users.refetch()}
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
        {posts.length === 0 && allPosts.isFetching ? (
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
