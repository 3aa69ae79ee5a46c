// The notifications page's groups (docs/product.md, "Notifications"), as
// Mastodon groups them: the likes of one post are one line ("Maya and 2
// others liked your post"), and so are the follows; a comment or a mention
// says something of its own and stays alone.
import type { NotificationView, UserSummary } from '../../api/types';

export interface NotificationGroup {
  key: string;
  type: NotificationView['type'];
  /** Who acted, newest first, each once. */
  actors: UserSummary[];
  postId?: string;
  commentId?: string;
  /** When the newest of them happened. */
  createdAt: string;
  /** Whether any of them is unread. */
  unread: boolean;
}

function groupKey(n: NotificationView): string {
  if (n.type === 'like') return `like:${n.postId ?? ''}`;
  if (n.type === 'follow') return 'follow';
  return `${n.type}:${n._id}`;
}

/** `notifications` (newest first) in groups, each where its newest member is. */
export function groupNotifications(
  notifications: readonly NotificationView[],
  isUnread: (n: NotificationView) => boolean = (n) => !n.read,
): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of notifications) {
    const key = groupKey(n);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        key,
        type: n.type,
        actors: [n.actor],
        postId: n.postId,
        commentId: n.commentId,
        createdAt: n.createdAt,
        unread: isUnread(n),
      });
      continue;
    }
    if (!group.actors.some((a) => a._id === n.actor._id)) group.actors.push(n.actor);
    group.unread ||= isUnread(n);
  }
  return [...groups.values()];
}

/** How a person is named in a notification. */
export function displayName(user: UserSummary): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** "Maya", "Maya and Priya", "Maya and 2 others". */
export function actorsText(actors: readonly UserSummary[]): string {
  const [first, second] = actors;
  if (!first) return '';
  if (!second) return displayName(first);
  if (actors.length === 2) return `${displayName(first)} and ${displayName(second)}`;
  return `${displayName(first)} and ${actors.length - 1} others`;
}

/** What the group says happened, after who did it. */
export function actionText(group: Pick<NotificationGroup, 'type' | 'commentId'>): string {
  switch (group.type) {
    case 'like':
      return 'liked your post';
    case 'comment':
      return 'commented on your post';
    case 'follow':
      return 'followed you';
    case 'mention':
      return group.commentId ? 'mentioned you in a comment' : 'mentioned you in a post';
  }
}

/** Where a group leads: the post, or for follows the (first) follower's profile. */
export function groupPath(group: NotificationGroup): string {
  const [first] = group.actors;
  if (group.type === 'follow' || !group.postId) return `/profile/${encodeURIComponent(first?.username ?? '')}`;
  return `/post/${encodeURIComponent(group.postId)}`;
}
