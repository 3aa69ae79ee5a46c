import { useId, useMemo, useState, type FormEvent } from 'react';
import { useAddCommentMutation } from '../../api/apiSlice';
import { useAppSelector } from '../../api/hooks';
import { selectSignedInUser } from '../../api/session';
import type { Post } from '../../api/models';
import { Avatar } from '../../components/Avatar';
import { withErrorToast } from '../../lib/notify';
import { CommentItem } from './CommentItem';
import { newestFirst } from './sortComments';
import './comments.css';

/** The comments under a post: a reply box, then the comments newest first. */
export function CommentsPanel({ post }: { post: Post }) {
  const user = useAppSelector(selectSignedInUser);
  const [text, setText] = useState('');
  const [addComment, { isLoading: sending }] = useAddCommentMutation();
  const inputId = useId();
  const headingId = useId();
  const comments = useMemo(() => newestFirst(post.comments), [post.comments]);

  async function reply(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    const done = await withErrorToast(addComment({ postId: post._id, text: value }).unwrap());
    if (done) setText('');
  }

  return (
    <section className="card comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="comments__title">
        Comments <span className="muted">({comments.length})</span>
      </h2>
      <form className="comments__form" onSubmit={reply}>
        {user && <Avatar src={user.avatarURL} name="" size={36} />}
        <label htmlFor={inputId} className="visually-hidden">
          Add a comment
        </label>
        <input
          id={inputId}
          className="input"
          placeholder="Add a comment…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn" disabled={!text.trim() || sending}>
          Reply
        </button>
      </form>
      {comments.length === 0 ? (
        <p className="muted comments__empty">No comments yet. Start the conversation.</p>
      ) : (
        <ul className="comments__list" aria-label="Comments">
          {comments.map((comment) => (
            <CommentItem
              key={comment._id}
              postId={post._id}
              comment={comment}
              canEdit={user?.username === comment.username}
              canDelete={user?.username === comment.username || user?.username === post.username}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
