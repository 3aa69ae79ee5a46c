import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { FRESH_FOR_SECONDS } from '../../api/apiSlice';
import { useGetBookmarksQuery, useGetPostQuery } from '../../api/postsApi';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/session';
import { BackIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { CommentsPanel } from '../../features/comments/CommentsPanel';
import { PostCard } from '../../features/posts/PostCard';
import '../../features/posts/posts.css';

/** One post and its comments (`/post/:postId`), read on opening. */
export function PostDetailPage() {
  const { postId = '' } = useParams();
  // Another post is another page: it is read on opening too.
  return <PostDetail key={postId} postId={postId} />;
}

function PostDetail({ postId }: { postId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // A deep link has no page of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  const token = useAppSelector(selectToken);
  const read = useGetPostQuery(postId, { refetchOnMountOrArgChange: FRESH_FOR_SECONDS });
  useGetBookmarksQuery(undefined, { skip: !token, refetchOnMountOrArgChange: FRESH_FOR_SECONDS });
  const post = read.data;
  const missing = read.error && 'status' in read.error && read.error.status === 404;

  let body;
  if (post) {
    body = (
      <>
        <PostCard post={post} detail onDeleted={() => navigate('/', { replace: true })} />
        <CommentsPanel post={post} />
      </>
    );
  } else if (read.isFetching) {
    body = <Spinner label="Loading the post" />;
  } else if (read.isError && !missing) {
    body = (
      <div className="card empty-state" role="alert">
        <p className="empty-state__title">This post could not be loaded</p>
        <button type="button" className="btn" onClick={() => void read.refetch()}>
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
