import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { BackIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { CommentsPanel } from '../comments/CommentsPanel';
import { PostCard } from './PostCard';
import { selectPostById } from './postsSlice';
import { useLoadPosts } from './useLoadPosts';
import './posts.css';

/** One post and its comments (`/post/:postId`); posts reload on opening. */
export function PostDetailPage() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // A deep link has no page of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  const post = useAppSelector((state) => selectPostById(state, postId));
  const { state, retry } = useLoadPosts(postId);

  let body;
  if (post) {
    body = (
      <>
        <PostCard post={post} detail onDeleted={() => navigate('/', { replace: true })} />
        <CommentsPanel post={post} />
      </>
    );
  } else if (state === 'loading') {
    body = <Spinner label="Loading the post" />;
  } else if (state === 'failed') {
    body = (
      <div className="card empty-state" role="alert">
        <p className="empty-state__title">This post could not be loaded</p>
        <button type="button" className="btn" onClick={retry}>
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <div className="card empty-state">
        <h2 className="empty-state__title">Post not found</h2>
        <p className="muted">It may have been deleted, or the link is wrong.</p>
        <Link to="/" className="btn">
          Back to Home
        </Link>
      </div>
    );
  }

  return (
    <div className="posts-page">
      <div className="detail-bar">
        <button type="button" className="icon-btn" aria-label="Go back" onClick={goBack}>
          <BackIcon />
        </button>
        <h1 className="page-title">Post</h1>
      </div>
      {body}
    </div>
  );
}
