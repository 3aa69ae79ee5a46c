import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import type { UserSummary } from '../../api/models';

export function profilePath(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}

interface UserRowProps {
  user: UserSummary;
  /** Called when the profile link is followed (a modal closes itself). */
  onNavigate?: () => void;
  /** A control at the end of the row, such as a Follow button. */
  action?: ReactNode;
}

/** Avatar, name and @username, linking to the profile. */
export function UserRow({ user, onNavigate, action }: UserRowProps) {
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <li className="user-row">
      <Link className="user-row__link" to={profilePath(user.username)} onClick={onNavigate}>
        <Avatar src={user.avatarURL} name="" size={40} />
        <span className="user-row__names">
          <span className="user-row__name">{fullName}</span>
          <span className="user-row__handle muted">@{user.username}</span>
        </span>
      </Link>
      {action}
    </li>
  );
}
