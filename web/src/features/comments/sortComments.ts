import type { Comment } from '../../api/models';

/** Comments newest first (spec §9), whatever order they arrive in. */
export function newestFirst(comments: readonly Comment[]): Comment[] {
  return [...comments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
