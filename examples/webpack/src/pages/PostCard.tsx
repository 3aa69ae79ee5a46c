import type { ReactNode } from 'react';
import type { Post } from '../api';

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** One post; text is rendered as text by React, never as HTML. */
export function PostCard({ post, children }: { post: Post; children?: ReactNode }) {
  return (
    <article aria-label={`Post by @${post.username}`}>
      <strong>
        {post.firstName} {post.lastName}
      </strong>{' '}
      <span className="meta">
        @{post.username} · {when.format(new Date(post.createdAt))}
      </span>
      <p>
        {post.content} {post.hashtags && <span className="meta">{post.hashtags}</span>}
      </p>
      <span className="meta">
        {post.likes.likeCount} {post.likes.likeCount === 1 ? 'like' : 'likes'} · {post.comments.length}{' '}
        {post.comments.length === 1 ? 'comment' : 'comments'}
      </span>{' '}
      {children}
    </article>
  );
}
