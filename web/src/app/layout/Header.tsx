import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { Logo } from '../../components/Logo';
import { BellIcon, PlusIcon } from '../../components/icons';
import { CreatePostModal } from '../../features/posts/CreatePostModal';
import { notificationsLabel, selectUnreadCount } from '../../api/notificationsApi';
import { useAppSelector } from '../../api/hooks';
import { selectSignedInUser } from '../../api/session';
import { HeaderSearch } from './HeaderSearch';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { UnreadBadge } from './UnreadBadge';

export function Header() {
  const user = useAppSelector(selectSignedInUser);
  const unread = useAppSelector(selectUnreadCount);
  const [creating, setCreating] = useState(false);
  const compose = useCallback(() => setCreating(true), []);
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <header className="shell-header">
      <div className="shell-header__inner">
        <Link to="/" className="brand" aria-label="Murmur, home">
          <Logo size={34} />
          <span className="brand__name" aria-hidden="true">
            Murmur
          </span>
        </Link>
        <HeaderSearch />
        <div className="shell-header__actions">
          <button type="button" className="btn shell-header__create" onClick={() => setCreating(true)}>
            <PlusIcon size={18} />
            Create
          </button>
          <Link to="/notifications" className="shell-header__bell" aria-label={notificationsLabel(unread)}>
            <BellIcon size={24} />
            <UnreadBadge count={unread} />
          </Link>
          {user && (
            <Link
              to={`/profile/${encodeURIComponent(user.username)}`}
              className="shell-header__me"
              aria-label={`Your profile, ${fullName || user.username}`}
            >
              <Avatar src={user.avatarURL} name="" size={38} />
            </Link>
          )}
        </div>
      </div>
      <CreatePostModal open={creating} onClose={() => setCreating(false)} />
      <KeyboardShortcuts onCompose={compose} />
    </header>
  );
}
