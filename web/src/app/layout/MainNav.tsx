import type { ComponentType } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import {
  BellIcon,
  BookmarkIcon,
  DatabaseIcon,
  ExploreIcon,
  HomeIcon,
  LogoutIcon,
  PaletteIcon,
  UserIcon,
} from '../../components/icons';
import { notificationsLabel, selectUnreadCount } from '../../api/notificationsApi';
import { useAppDispatch, useAppSelector } from '../../api/hooks';
import { logout } from '../../api/session';
import { UnreadBadge } from './UnreadBadge';

interface NavItem {
  to: string;
  label: string;
  /** The accessible name, when it says more than the label (an unread count). */
  name?: string;
  badge?: number;
  Icon: ComponentType<{ size?: number }>;
}

/**
 * The main navigation. One list, two looks: a labelled sidebar on wide
 * screens and an icon bar fixed to the bottom on phones (layout.css), where
 * the labels stay for screen readers. NavLink marks the current page with
 * aria-current="page".
 */
export function MainNav() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const username = useAppSelector((state) => state.session.user?.username ?? '');
  const unread = useAppSelector(selectUnreadCount);

  const items: NavItem[] = [
    { to: '/', label: 'Home', Icon: HomeIcon },
    { to: '/explore', label: 'Explore', Icon: ExploreIcon },
    { to: '/notifications', label: 'Notifications', name: notificationsLabel(unread), badge: unread, Icon: BellIcon },
    { to: '/bookmark', label: 'BookMarks', Icon: BookmarkIcon },
    { to: `/profile/${encodeURIComponent(username)}`, label: 'Profile', Icon: UserIcon },
    { to: '/theme', label: 'Theme', Icon: PaletteIcon },
    { to: '/settings/data', label: 'Your data', Icon: DatabaseIcon },
  ];

  function signOut() {
    dispatch(logout());
    navigate('/login', { replace: true });
  }

  return (
    <nav className="main-nav" aria-label="Main">
      <ul className="main-nav__list">
        {items.map(({ to, label, name, badge, Icon }) => (
          <li key={label}>
            <NavLink to={to} end className="main-nav__item" aria-label={name}>
              <span className="main-nav__icon">
                <Icon size={24} />
                <UnreadBadge count={badge} />
              </span>
              <span className="main-nav__label">{label}</span>
            </NavLink>
          </li>
        ))}
        <li className="main-nav__logout">
          <button type="button" className="main-nav__item" onClick={signOut}>
            <LogoutIcon size={24} />
            <span className="main-nav__label">Log out</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
