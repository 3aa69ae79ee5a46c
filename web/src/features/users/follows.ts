import type { User } from '../../api/models';

/** Whether `me` follows the user with `userId`, by the signed-in user's own list. */
export function follows(me: Pick<User, 'following'> | null, userId: string): boolean {
  return !!me?.following.some((f) => f._id === userId);
}

/** Who to Follow: everyone but the signed-in user and those they already follow. */
export function whoToFollow(users: readonly User[], me: User | null): User[] {
  return me ? users.filter((u) => u._id !== me._id && u.username !== me.username && !follows(me, u._id)) : [];
}
