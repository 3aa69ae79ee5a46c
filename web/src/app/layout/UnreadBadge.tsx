/** An unread count on an icon (the Notifications entry); its link's accessible name says it in words. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="unread-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
