import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { UserSummary } from '../../api/models';
import { followUser, follows, selectSignedInUser, unfollowUser } from './usersSlice';

interface FollowButtonProps {
  user: UserSummary;
  /** 'small' for the compact rows of Who to Follow. */
  size?: 'small' | 'normal';
}

/**
 * Follow / Following, from the signed-in user's real following list. The
 * answer replaces the user list and the signed-in user (see the slices), so
 * every count on screen follows at once.
 */
export function FollowButton({ user, size = 'normal' }: FollowButtonProps) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectSignedInUser);
  const [pending, setPending] = useState(false);
  if (!me || me._id === user._id) return null;
  const following = follows(me, user._id);
  const fullName = `${user.firstName} ${user.lastName}`;

  async function toggle() {
    setPending(true);
    const action = following ? unfollowUser(user._id) : followUser(user._id);
    const result = await dispatch(action);
    setPending(false);
    if (result.meta.requestStatus === 'rejected') {
      const reason = typeof result.payload === 'string' ? result.payload : 'try again';
      toast.error(`Could not ${following ? 'unfollow' : 'follow'} ${fullName}: ${reason}`);
    }
  }

  return (
    <button
      type="button"
      className={`btn follow-btn ${following ? 'btn--ghost follow-btn--on' : ''} ${size === 'small' ? 'follow-btn--small' : ''}`}
      aria-pressed={following}
      aria-busy={pending || undefined}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {following ? 'Following' : 'Follow'}
      <span className="visually-hidden"> {fullName}</span>
    </button>
  );
}
