import { useId, useMemo } from 'react';
import { useGetSuggestionsQuery } from '../../api/usersApi';
import { useAppSelector } from '../../api/hooks';
import { selectSignedInUser } from '../../api/session';
import { Spinner } from '../../components/Spinner';
import { FollowButton } from './FollowButton';
import { WHO_TO_FOLLOW_MAX, whoToFollow } from './follows';
import { UserRow } from './UserRow';
import './users.css';

/**
 * The right-panel list of people to follow: the first few users other than
 * the signed-in user and those already followed, as the core picks them (it
 * never sends the whole user list). Following someone drops them from the
 * list at once (and adds their posts to Home) through the store; the core
 * then brings the next person in.
 */
export function WhoToFollow() {
  const headingId = useId();
  const me = useAppSelector(selectSignedInUser);
  const users = useGetSuggestionsQuery(WHO_TO_FOLLOW_MAX, { skip: !me });
  const suggestions = useMemo(() => whoToFollow(users.data ?? [], me), [users.data, me]);
  const loaded = users.data !== undefined;
  const failed = users.isError;
  const load = () => void users.refetch();

  let body;
  if (!loaded && failed) {
    body = (
      <div className="who-to-follow__empty">
        <p className="muted">Could not load suggestions.</p>
        <button type="button" className="btn btn--ghost follow-btn--small" onClick={load}>
          Try again
        </button>
      </div>
    );
  } else if (!loaded) {
    body = <Spinner label="Loading people to follow" />;
  } else if (suggestions.length === 0) {
    body = <p className="muted who-to-follow__empty">You are following everyone here. New people will show up here.</p>;
  } else {
    body = (
      <ul className="user-list">
        {suggestions.map((user) => (
          <UserRow key={user._id} user={user} action={<FollowButton user={user} size="small" />} />
        ))}
      </ul>
    );
  }

  return (
    <section className="card who-to-follow" aria-labelledby={headingId}>
      <h2 className="who-to-follow__title" id={headingId}>
        Who to Follow
      </h2>
      {body}
    </section>
  );
}
