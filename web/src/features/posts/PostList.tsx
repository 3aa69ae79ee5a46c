import type { ReactNode } from 'react';
import type { Post } from '../../api/models';
import { PostCard } from './PostCard';
import './posts.css';

export interface PostListProps {
  /** Shown in the given order. */
  posts: readonly Post[];
  /** Shown when there are no posts. */
  emptyMessage?: ReactNode;
}

/** A plain list of post cards (profiles, bookmarks, feed pages). */
export function PostList({ posts, emptyMessage = 'No posts yet' }: PostListProps) {
  if (posts.length === 0) {
    return <div className="post-list__empty">{emptyMessage}</div>;
  }
  return (
    <ul className="post-list" aria-label="Posts">
      {posts.map((post) => (
        <li key={post._id} className="post-list__item">
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
