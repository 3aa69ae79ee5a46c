import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from '../../api/notificationsApi';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/Spinner';
import { Timestamp } from '../../components/Timestamp';
import { BellIcon } from '../../components/icons';
import { actionText, actorsText, displayName, groupNotifications, groupPath, type NotificationGroup } from './grouping';
import './notifications.css';

/** Avatars shown side by side on a grouped line; the rest are counted in its text. */
const AVATARS_SHOWN = 3;
/** How long a notification is on screen before it counts as seen. */
const SEEN_AFTER_MS = 1000;

function GroupItem({ group }: { group: NotificationGroup }) {
  const text = `${actorsText(group.actors)} ${actionText(group)}`;
  return (
    <li className={`notification${group.unread ? ' notification--unread' : ''}`}>
      <div className="notification__avatars">
        {group.actors.slice(0, AVATARS_SHOWN).map((actor) => (
          <Link
            key={actor._id}
            to={`/profile/${encodeURIComponent(actor.username)}`}
            aria-label={`${displayName(actor)}'s profile`}
          >
            <Avatar src={actor.avatarURL} name="" size={36} />
          </Link>
        ))}
      </div>
      <p className="notification__text">
        <Link to={groupPath(group)} className="notification__link">
          {text}
        </Link>
        {group.unread && <span className="visually-hidden"> (new)</span>}
        <span className="notification__time muted">
          <Timestamp iso={group.createdAt} />
        </span>
      </p>
    </li>
  );
}

/**
 * Notifications (`/notifications`): likes, comments, follows and mentions
 * of the visitor by others, newest first, grouped where it helps; the new
 * ones stand out for this visit and are marked read once they have been on
 * screen a moment.
 */
export function NotificationsPage() {
  const { data, isLoading, isError, refetch } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationsReadMutation();
  // What was unread when it reached this page stays marked for the visit, once read
  // (state adjusted while rendering, as React's documentation shows).
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  const arrived = (data?.notifications ?? []).filter((n) => !n.read && !newIds.has(n._id));
  if (arrived.length) setNewIds(new Set([...newIds, ...arrived.map((n) => n._id)]));
  const groups = useMemo(
    () => groupNotifications(data?.notifications ?? [], (n) => !n.read || newIds.has(n._id)),
    [data, newIds],
  );

  const unread = data?.unread ?? 0;
  useEffect(() => {
    if (!unread) return;
    // Seen: on screen for a moment, in a tab the visitor is looking at.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible') timer = setTimeout(() => void markRead(), SEEN_AFTER_MS);
    };
    arm();
    document.addEventListener('visibilitychange', arm);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
    };
  }, [unread, markRead]);

  return (
    <div className="notifications-page">
      <h1 className="page-title">Notifications</h1>
      {isLoading ? (
        <Spinner label="Loading notifications" />
      ) : isError && !data ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">Notifications could not be loaded</p>
          <button type="button" className="btn" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : groups.length === 0 ? (
        <div className="empty-state">
          <BellIcon size={40} />
          <p className="empty-state__title">No notifications yet</p>
          <p className="muted">
            When someone likes or comments on your posts, follows you or mentions you, it shows here.
          </p>
        </div>
      ) : (
        <ul className="card notifications" aria-label="Notifications">
          {groups.map((group) => (
            <GroupItem key={group.key} group={group} />
          ))}
        </ul>
      )}
    </div>
  );
}
