import type { UserSummary } from '../../api/models';

const nameOf = (u: UserSummary) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/**
 * The liked-by line of a post card: the first liker's name, two names, or two
 * names and 'and others'; null when nobody likes the post.
 */
export function likedByLine(likedBy: readonly UserSummary[]): string | null {
  const [first, second] = likedBy;
  if (!first) return null;
  if (!second) return `Liked by ${nameOf(first)}`;
  if (likedBy.length === 2) return `Liked by ${nameOf(first)} and ${nameOf(second)}`;
  return `Liked by ${nameOf(first)}, ${nameOf(second)} and others`;
}
