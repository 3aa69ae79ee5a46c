import type { Comment } from '../../api/models';

/** Comments newest first (docs/product.md, "Post detail"), whatever order they arrive in. */
export function newestFirst(comments: readonly Comment[]): Comment[] {
  return [...comments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
