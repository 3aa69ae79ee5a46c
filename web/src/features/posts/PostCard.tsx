import { memo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast/headless';
import { selectBookmarkIds } from '../../api/postsApi';
import {
  useAddBookmarkMutation,
  useDeletePostMutation,
  useDislikePostMutation,
  useLikePostMutation,
  useRemoveBookmarkMutation,
} from './postWrites';
import { useAppSelector } from '../../api/hooks';
import type { Post } from '../../api/models';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TaggedText } from '../../components/TaggedText';
import { BookmarkIcon, CommentIcon, HeartIcon, ShareIcon } from '../../components/icons';
import { Timestamp } from '../../components/Timestamp';
import { withErrorToast } from '../../lib/notify';
import { EditPostModal } from './EditPostModal';
import { likedByLine } from './likedBy';
import { PostMedia } from './PostMedia';
import { PostMenu } from './PostMenu';
import './posts.css';

export interface PostCardProps {
  post: Post;
  /** On the post's own page: no 'View all N comments' link. */
  detail?: boolean;
  /** Called after the author deleted the post. */
  onDeleted?: () => void;
}

/** The public link to a post: origin, base path, 'post/{id}'. */
function postLink(postId: string): string {
  return `${window.location.origin}${import.meta.env.BASE_URL}post/${encodeURIComponent(postId)}`;
}

interface ToggleButtonProps {
  label: string;
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  kind: 'like' | 'bookmark';
  children: ReactNode;
}

/** An on/off icon button: a fixed name, its state in aria-pressed. */
function ToggleButton({ label, pressed, disabled, onClick, kind, children }: ToggleButtonProps) {
  return (
    <button
      type="button"
      className={`icon-btn post-card__${kind}${pressed ? ' is-on' : ''}`}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function PostCardView({ post, detail = false, onDeleted }: PostCardProps) {
  const me = useAppSelector((state) => state.session.user?.username);
  const bookmarked = useAppSelector((state) => selectBookmarkIds(state).includes(post._id));
  const [likePost, liking] = useLikePostMutation();
  const [dislikePost, disliking] = useDislikePostMutation();
  const [addBookmark, adding] = useAddBookmarkMutation();
  const [removeBookmark, removing] = useRemoveBookmarkMutation();
  const [deletePost] = useDeletePostMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const name = `${post.firstName} ${post.lastName}`.trim() || post.username;
  const liked = me !== undefined && post.likes.likedBy.some((u) => u.username === me);
  const likeCount = post.likes.likeCount;
  const isAuthor = me === post.username;
  const likedBy = likedByLine(post.likes.likedBy);
  const commentCount = post.comments.length;
  const profile = `/profile/${encodeURIComponent(post.username)}`;

  // Both show at once (api/apiSlice.ts) and are taken back if the core refuses.
  async function toggleLike() {
    await withErrorToast((liked ? dislikePost : likePost)(post._id).unwrap());
  }

  async function toggleBookmark() {
    const on = !bookmarked;
    const done = await withErrorToast((on ? addBookmark : removeBookmark)(post._id).unwrap());
    if (done) toast.success(on ? 'Added to bookmarks' : 'Removed from bookmarks');
  }

  async function share() {
    try {
      await navigator.clipboard.writeText(postLink(post._id));
      toast.success('Link successfully copied');
    } catch {
      toast.error('Could not copy the link');
    }
  }

  async function remove() {
    setConfirming(false);
    const done = await withErrorToast(deletePost(post._id).unwrap());
    if (!done) return;
    toast.success('Post deleted');
    onDeleted?.();
  }

  return (
    <article className="card post-card" aria-label={`Post by ${name}`} data-post-id={post._id}>
      <header className="post-card__header">
        <Link to={profile} className="post-card__avatar-link" tabIndex={-1} aria-hidden="true">
          <Avatar src={post.avatarURL} name="" size={44} />
        </Link>
        <div className="post-card__byline">
          <Link to={profile} className="post-card__author">
            {name}
          </Link>
          <span className="post-card__meta">
            <span className="post-card__username">@{post.username}</span>
            <span aria-hidden="true"> · </span>
            <Timestamp iso={post.createdAt} />
          </span>
        </div>
        {isAuthor && (
          <PostMenu label="Post options" onEdit={() => setEditing(true)} onDelete={() => setConfirming(true)} />
        )}
      </header>

      <p className="post-card__content">
        <TaggedText text={post.content} />
      </p>
      {post.hashtags && (
        <p className="post-card__tags">
          <TaggedText text={post.hashtags} />
        </p>
      )}
      {post.mediaURL && <PostMedia url={post.mediaURL} author={name} />}

      <div className="post-card__actions">
        <span className="post-card__action">
          <ToggleButton
            label="Like"
            pressed={liked}
            disabled={liking.isLoading || disliking.isLoading}
            onClick={toggleLike}
            kind="like"
          >
            <HeartIcon filled={liked} />
          </ToggleButton>
          <span className="post-card__count" data-testid="like-count">
            {likeCount}
            <span className="visually-hidden"> {likeCount === 1 ? 'like' : 'likes'}</span>
          </span>
        </span>
        <span className="post-card__action">
          <Link to={`/post/${encodeURIComponent(post._id)}`} className="icon-btn" aria-label="Comments">
            <CommentIcon />
          </Link>
          <span className="post-card__count">
            {commentCount}
            <span className="visually-hidden"> {commentCount === 1 ? 'comment' : 'comments'}</span>
          </span>
        </span>
        <button type="button" className="icon-btn" aria-label="Share" onClick={share}>
          <ShareIcon />
        </button>
        <ToggleButton
          label="Bookmark"
          pressed={bookmarked}
          disabled={adding.isLoading || removing.isLoading}
          onClick={toggleBookmark}
          kind="bookmark"
        >
          <BookmarkIcon filled={bookmarked} />
        </ToggleButton>
      </div>

      {likedBy && <p className="post-card__liked-by">{likedBy}</p>}
      {!detail && commentCount > 0 && (
        <Link to={`/post/${encodeURIComponent(post._id)}`} className="post-card__view-comments">
          View all {commentCount} {commentCount === 1 ? 'comment' : 'comments'}
        </Link>
      )}

      {editing && <EditPostModal post={post} open onClose={() => setEditing(false)} />}
      {confirming && (
        <ConfirmDialog
          open
          title="Delete post?"
          message="This post and its comments will be removed for good."
          confirmLabel="Delete"
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </article>
  );
}

/** One post (docs/product.md, "Post card"). Memoized: a card re-renders only when its post changes. */
export const PostCard = memo(PostCardView);
