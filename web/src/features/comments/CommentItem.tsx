import { memo, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast/headless';
import { useDeleteCommentMutation, useEditCommentMutation } from './commentsApi';
import { codePoints, commentProblem, INPUT_ERRORS, MAX_COMMENT_CHARS, trimmed } from '../../api/inputRules';
import type { Comment } from '../../api/models';
import { Avatar } from '../../components/Avatar';
import { TaggedText } from '../../components/TaggedText';
import { CharCount, describedBy, FieldError } from '../../components/FieldNotes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EditIcon, TrashIcon } from '../../components/icons';
import { Timestamp } from '../../components/Timestamp';
import { withErrorToast } from '../../lib/notify';

interface CommentItemProps {
  postId: string;
  comment: Comment;
  /** The comment's author. */
  canEdit: boolean;
  /** The comment's author, or the post's. */
  canDelete: boolean;
}

function CommentItemView({ postId, comment, canEdit, canDelete }: CommentItemProps) {
  const [editComment, { isLoading: saving }] = useEditCommentMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const [confirming, setConfirming] = useState(false);
  const editId = useId();
  const countId = useId();
  const errorId = useId();
  // The text the comment already has may be saved as it is (an old, longer one).
  const problem = trimmed(draft) === comment.text ? null : commentProblem(draft);
  const tooLong = problem === INPUT_ERRORS.commentLength ? problem : null;
  const name = `${comment.firstName} ${comment.lastName}`.trim() || comment.username;
  const profile = `/profile/${encodeURIComponent(comment.username)}`;

  async function update(event: FormEvent) {
    event.preventDefault();
    const text = trimmed(draft);
    if (!text || problem) return;
    const done = await withErrorToast(editComment({ postId, commentId: comment._id, text }).unwrap());
    if (done) setEditing(false);
  }

  async function remove() {
    setConfirming(false);
    const done = await withErrorToast(deleteComment({ postId, commentId: comment._id }).unwrap());
    if (done) toast.success('Comment deleted');
  }

  return (
    <li className="comment" aria-label={`Comment by ${name}`}>
      <Link to={profile} tabIndex={-1} aria-hidden="true">
        <Avatar src={comment.avatarURL} name="" size={36} />
      </Link>
      <div className="comment__body">
        <div className="comment__head">
          <span className="comment__who">
            <Link to={profile} className="comment__author">
              {name}
            </Link>
            <span className="muted comment__meta">
              @{comment.username} · <Timestamp iso={comment.createdAt} />
            </span>
          </span>
          <span className="comment__tools">
            {canEdit && !editing && (
              <button
                type="button"
                className="icon-btn"
                aria-label="Edit comment"
                onClick={() => {
                  setDraft(comment.text);
                  setEditing(true);
                }}
              >
                <EditIcon size={18} />
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="icon-btn comment__delete"
                aria-label="Delete comment"
                onClick={() => setConfirming(true)}
              >
                <TrashIcon size={18} />
              </button>
            )}
          </span>
        </div>
        {editing ? (
          <form className="comment__edit" onSubmit={update}>
            <label htmlFor={editId} className="visually-hidden">
              Edit comment
            </label>
            <textarea
              id={editId}
              className="textarea"
              rows={2}
              value={draft}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={tooLong ? true : undefined}
              aria-describedby={describedBy(countId, tooLong && errorId)}
            />
            <FieldError id={errorId} error={tooLong} />
            <div className="comment__edit-actions">
              <CharCount
                id={countId}
                used={codePoints(trimmed(draft))}
                max={MAX_COMMENT_CHARS}
                className="comment__count"
              />
              <button type="button" className="btn btn--ghost" onClick={() => setEditing(false)}>
                Cancel
              </button>
              <button type="submit" className="btn" disabled={!trimmed(draft) || Boolean(problem) || saving}>
                Update
              </button>
            </div>
          </form>
        ) : (
          <p className="comment__text">
            <TaggedText text={comment.text} tags={false} />
          </p>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          open
          title="Delete comment?"
          message="This comment will be removed for good."
          confirmLabel="Delete"
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

export const CommentItem = memo(CommentItemView);
