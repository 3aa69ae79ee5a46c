import { useSelector } from 'react-redux';
import { Link, Navigate, useParams } from 'react-router-dom';
import { FRESH_FOR_SECONDS } from '../../api/apiSlice';
import { useGetUserByNameQuery } from '../../api/usersApi';
import { useAppSelector } from '../../api/hooks';
import { selectSignedInUser } from '../../api/session';
import { Spinner } from '../../components/Spinner';
import { Feed } from '../../features/posts/Feed';
import { selectFilter } from '../../features/posts/feedSlice';
import { LoadFailed } from '../../features/posts/LoadFailed';
import { usePostList } from '../../features/posts/useFeed';
import { ProfileCard } from '../../features/users/ProfileCard';
import '../../features/users/users.css';

/** /profile/:username */
export function ProfilePage() {
  const { username = '' } = useParams();
  // A new profile starts afresh: its modals closed, its loading state its own.
  return <Profile key={username} username={username} />;
}

function Profile({ username }: { username: string }) {
  // Both reload when a profile opens: the user, and their posts a page at a time.
  const profile = useGetUserByNameQuery(username, { refetchOnMountOrArgChange: FRESH_FOR_SECONDS });
  const filter = useSelector(selectFilter);
  const posts = usePostList({ scope: 'author', username, filter }, { quiet: true });
  const me = useAppSelector(selectSignedInUser);
  const user = profile.data;

  if (!user) {
    if (profile.isFetching) return <Spinner label="Loading profile" />;
    const missing = profile.error && 'status' in profile.error && profile.error.status === 404;
    if (profile.isError && !missing) {
      return (
        <section className="card profile-missing" role="alert">
          <h1>Could not load this profile</h1>
          <p className="muted">Something went wrong while loading @{username}.</p>
          <button type="button" className="btn" onClick={() => void profile.refetch()}>
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

  // The name found in another case (as a mention is): the profile's own address, where its posts are read.
  if (user.username !== username) return <Navigate replace to={`/profile/${encodeURIComponent(user.username)}`} />;

  const isOwn = me?._id === user._id;
  return (
    <div className="profile-page">
      <ProfileCard user={user} isOwn={isOwn} postCount={posts.total} />
      <section className="profile-page__posts" aria-label="Posts">
        {posts.loading ? (
          <Spinner label="Loading posts" />
        ) : (
          <Feed
            posts={posts.posts}
            total={posts.total}
            loadMore={posts.loadMore}
            emptyState={
              posts.failed ? (
                <LoadFailed retry={posts.retry} />
              ) : isOwn ? (
                'You have not posted anything yet.'
              ) : (
                `@${user.username} has not posted anything yet.`
              )
            }
          />
        )}
      </section>
    </div>
  );
}
