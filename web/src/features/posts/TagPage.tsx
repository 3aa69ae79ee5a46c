import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { useGetTagFeedQuery } from '../../api/apiSlice';
import type { Post } from '../../api/models';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { Feed } from './Feed';
import { sortPosts } from './feed';
import { selectFilter } from './feedSlice';
import { usePosts } from './usePosts';
import './posts.css';

/** The most posts a tag page asks the core for (its largest page). */
const TAG_FEED_LIMIT = 50;

/**
 * A hashtag's feed (`/tag/{tag}`): the posts carrying it, newest first, paged
 * like Explore, with the count. The core picks the posts (GET
 * /api/posts/tag/{tag}); each is shown as the post list has it, so a like on
 * this page shows everywhere at once.
 */
export function TagPage() {
  const { tag = '' } = useParams();
  const feed = useGetTagFeedQuery({ tag, limit: TAG_FEED_LIMIT }, { refetchOnMountOrArgChange: true });
  const { posts: allPosts } = usePosts();
  const filter = useSelector(selectFilter);
  const posts = useMemo(() => {
    const live = new Map(allPosts.map((p) => [p._id, p]));
    return sortPosts(
      (feed.data?.posts ?? []).map((p): Post => live.get(p._id) ?? p),
      filter,
    );
  }, [allPosts, feed.data, filter]);
  const total = feed.data?.total ?? 0;
  const shownTag = tag.replace(/^#/, '').toLowerCase();

  return (
    <div className="posts-page">
      <header className="tag-header">
        <h1 className="page-title">#{shownTag}</h1>
        {feed.data && (
          <p className="tag-header__count" aria-live="polite">
            {total === 1 ? '1 post' : `${total} posts`}
            {total > posts.length && ` (the newest ${posts.length} shown)`}
          </p>
        )}
      </header>
      {feed.isLoading ? (
        <Spinner label="Loading posts" />
      ) : feed.isError ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">This tag cannot be shown</p>
          <p>{errorMessage(feed.error)}</p>
        </div>
      ) : (
        <Feed
          posts={posts}
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
