import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { Feed } from './Feed';
import { selectFilter } from './feedSlice';
import { usePostList } from './useFeed';
import './posts.css';

/**
 * A hashtag's feed (`/tag/{tag}`): the posts carrying it in the chosen order,
 * read from the core a page at a time as the list scrolls, to the last one
 * (GET /api/posts/tag/{tag}), with the count.
 */
export function TagPage() {
  const { tag = '' } = useParams();
  const filter = useSelector(selectFilter);
  const { posts, total, loading, failed, error, loadMore } = usePostList(
    { scope: 'tag', tag, filter },
    { quiet: true },
  );
  const shownTag = tag.replace(/^#/, '').toLowerCase();

  return (
    <div className="posts-page">
      <header className="tag-header">
        <h1 className="page-title">#{shownTag}</h1>
        {!loading && !failed && (
          <p className="tag-header__count" aria-live="polite">
            {total === 1 ? '1 post' : `${total} posts`}
          </p>
        )}
      </header>
      {loading ? (
        <Spinner label="Loading posts" />
      ) : failed ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">This tag cannot be shown</p>
          <p>{errorMessage(error)}</p>
        </div>
      ) : (
        <Feed
          key={tag}
          posts={posts}
          total={total}
          loadMore={loadMore}
          emptyState={
            <div className="empty-state">
              <p className="empty-state__title">No posts with #{shownTag} yet</p>
              <p>Write one: a #tag in a post links here.</p>
            </div>
          }
        />
      )}
    </div>
  );
}
