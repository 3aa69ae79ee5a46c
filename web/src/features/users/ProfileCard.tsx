import { useId, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { EditIcon } from '../../components/icons';
import type { User } from '../../api/models';
import { EditProfileModal } from './EditProfileModal';
import { FollowButton } from './FollowButton';
import { UserListModal } from './UserListModal';
import { WebsiteLink } from './WebsiteLink';

interface ProfileCardProps {
  user: User;
  isOwn: boolean;
  postCount: number;
}

type OpenPanel = 'followers' | 'following' | 'edit' | null;

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

function joined(createdAt: string): string | null {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? null : `Joined ${joinedFormat.format(time)}`;
}

/** The head of a profile: who they are, their counts, and Edit or Follow. */
export function ProfileCard({ user, isOwn, postCount }: ProfileCardProps) {
  const [open, setOpen] = useState<OpenPanel>(null);
  const close = () => setOpen(null);
  const nameId = useId();
  const fullName = `${user.firstName} ${user.lastName}`;
  const since = joined(user.createdAt);

  return (
    <section className="card profile-card" aria-labelledby={nameId}>
      <div className="profile-card__banner" aria-hidden="true" />
      <div className="profile-card__top">
        <Avatar className="profile-card__avatar" src={user.avatarURL} name={fullName} size={112} />
        <div className="profile-card__action">
          {isOwn ? (
            <button
              type="button"
              className="icon-btn profile-card__edit"
              aria-label="Edit profile"
              title="Edit profile"
              onClick={() => setOpen('edit')}
            >
              <EditIcon />
            </button>
          ) : (
            <FollowButton user={user} />
          )}
        </div>
      </div>
      <div className="profile-card__body">
        <h1 className="profile-card__name" id={nameId}>
          {fullName}
        </h1>
        <p className="profile-card__handle muted">@{user.username}</p>
        {user.bio && <p className="profile-card__bio">{user.bio}</p>}
        {(user.website.trim() || since) && (
          <p className="profile-card__meta muted">
            <WebsiteLink website={user.website} />
            {since && <span>{since}</span>}
          </p>
        )}
        <ul className="profile-card__stats" aria-label="Counts">
          <li>
            <span className="profile-card__stat">
              <strong>{postCount}</strong> {postCount === 1 ? 'Post' : 'Posts'}
            </span>
          </li>
          <li>
            <button type="button" className="profile-card__stat-btn" onClick={() => setOpen('followers')}>
              <strong>{user.followers.length}</strong> {user.followers.length === 1 ? 'Follower' : 'Followers'}
            </button>
          </li>
          <li>
            <button type="button" className="profile-card__stat-btn" onClick={() => setOpen('following')}>
              <strong>{user.following.length}</strong> Following
            </button>
          </li>
        </ul>
      </div>

      <UserListModal
        open={open === 'followers'}
        title={`Followers of ${fullName}`}
        users={user.followers}
        emptyMessage={`No one follows @${user.username} yet.`}
        onClose={close}
      />
      <UserListModal
        open={open === 'following'}
        title={`${fullName} follows`}
        users={user.following}
        emptyMessage={`@${user.username} is not following anyone yet.`}
        onClose={close}
      />
      {isOwn && <EditProfileModal open={open === 'edit'} user={user} onClose={close} />}
    </section>
  );
}
