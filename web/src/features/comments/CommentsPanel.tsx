import { useId, useMemo, useState, type FormEvent } from 'react';
import { useAddCommentMutation } from './commentsApi';
import { useAppSelector } from '../../api/hooks';
import { codePoints, commentProblem, INPUT_ERRORS, MAX_COMMENT_CHARS, trimmed } from '../../api/inputRules';
import { selectSignedInUser } from '../../api/session';
import type { Post } from '../../api/models';
import { Avatar } from '../../components/Avatar';
import { CharCount, describedBy, FieldError } from '../../components/FieldNotes';
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
  const countId = useId();
  const errorId = useId();
  const headingId = useId();
  const comments = useMemo(() => newestFirst(post.comments), [post.comments]);

  // The reply button stays off while the text is empty (the spec); a text
  // over the limit also says why.
  const problem = commentProblem(text);
  const tooLong = problem === INPUT_ERRORS.commentLength ? problem : null;

  async function reply(event: FormEvent) {
    event.preventDefault();
    const value = trimmed(text);
    if (problem) return;
    const done = await withErrorToast(addComment({ postId: post._id, text: value }).unwrap());
    if (done) setText('');
  }

  return (
    <section className="card comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="comments__title">
        Comments <span className="muted">({comments.length})</span>
      </h2>
      <div className="comments__compose">
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
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={describedBy(countId, tooLong && errorId)}
          />
          <button type="submit" className="btn" disabled={Boolean(problem) || sending}>
            Reply
          </button>
        </form>
        <div className={`comments__notes${user ? ' comments__notes--indented' : ''}`}>
          <FieldError id={errorId} error={tooLong} />
          <CharCount
            id={countId}
            used={codePoints(trimmed(text))}
            max={MAX_COMMENT_CHARS}
            className="comments__count"
          />
        </div>
      </div>
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
