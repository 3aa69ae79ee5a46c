import type { User } from '../../api/models';

/** Whether `me` follows the user with `userId`, by the signed-in user's own list. */
export function follows(me: Pick<User, 'following'> | null, userId: string): boolean {
  return !!me?.following.some((f) => f._id === userId);
}

/** The most people Who to Follow suggests at once (a panel, not a directory). */
export const WHO_TO_FOLLOW_MAX = 5;

/**
 * Who to Follow: the first WHO_TO_FOLLOW_MAX of everyone but the signed-in
 * user and those they already follow (following one brings the next in).
 */
export function whoToFollow(users: readonly User[], me: User | null, max = WHO_TO_FOLLOW_MAX): User[] {
  if (!me) return [];
  const out: User[] = [];
  for (const u of users) {
    if (out.length >= max) break;
    if (u._id !== me._id && u.username !== me.username && !follows(me, u._id)) out.push(u);
  }
  return out;
}
