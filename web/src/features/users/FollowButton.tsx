import toast from 'react-hot-toast/headless';
import { useFollowUserMutation, useUnfollowUserMutation } from './userWrites';
import { useAppSelector } from '../../api/hooks';
import type { UserSummary } from '../../api/models';
import { selectSignedInUser } from '../../api/session';
import { errorMessage } from '../../lib/api';
import { follows } from './follows';

interface FollowButtonProps {
  user: UserSummary;
  /** 'small' for the compact rows of Who to Follow. */
  size?: 'small' | 'normal';
}

/**
 * Follow / Following, from the signed-in user's real following list. It
 * changes at once (with every count on screen) and changes back if the core
 * refuses (api/apiSlice.ts).
 */
export function FollowButton({ user, size = 'normal' }: FollowButtonProps) {
  const me = useAppSelector(selectSignedInUser);
  const [followUser, followState] = useFollowUserMutation();
  const [unfollowUser, unfollowState] = useUnfollowUserMutation();
  const pending = followState.isLoading || unfollowState.isLoading;
  if (!me || me._id === user._id) return null;
  const following = follows(me, user._id);
  const fullName = `${user.firstName} ${user.lastName}`;

  async function toggle() {
    try {
      await (following ? unfollowUser : followUser)(user).unwrap();
    } catch (error) {
      toast.error(`Could not ${following ? 'unfollow' : 'follow'} ${fullName}: ${errorMessage(error)}`);
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
