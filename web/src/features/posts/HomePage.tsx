import { useDeferredValue, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { Feed } from './Feed';
import { LoadFailed } from './LoadFailed';
import { PostComposer } from './PostComposer';
import { useFeed } from './useFeed';
import { LAST_FEED_PLACE_CLASS, pictureReplaced } from './lastFeedPicture';
import { useLastFeedPicture } from './useLastFeedPicture';
import './posts.css';

/**
 * Where a return visit's picture of the feed seen last is drawn before the
 * app runs (features/posts/lastFeedPicture.ts). React leaves the children of
 * an element given `dangerouslySetInnerHTML` to the page: hydration neither
 * compares nor replaces them, so the picture stays while React hydrates the
 * rest of Home around it (the composer keeps its element, its focus and what
 * was typed), and goes when Home's own cards replace this element. The HTML
 * is this empty constant, never data; one object, so that no re-render sets it again.
 */
const PICTURE_PLACE = Object.freeze({ __html: '' });

/** Home (`/`): the create-post box and the feed of the user and the people they follow. */
export function HomePage() {
  const { posts, total, loading, failed, loadMore, retry } = useFeed('home');
  // Home's first posts (the copy kept from the last visit, or the backend's
  // first answer) come in as a store update, which React renders at once and
  // whole; the switch from loading to the feed is deferred instead, so that
  // the cards are rendered in the background in short slices (the picture of
  // them, or the spinner, stays until they are in) and the page answers taps meanwhile.
  const feedShown = useDeferredValue(!loading);
  const page = useRef<HTMLDivElement>(null);
  // The next visit draws these cards before the app has loaded.
  useLastFeedPicture(page, loading || failed ? [] : posts);
  // A tap made on the picture is done on the card that replaced it.
  useEffect(() => {
    if (feedShown) pictureReplaced(document, page.current?.querySelector(':scope > .feed') ?? null);
  }, [feedShown]);

  return (
    <div className="posts-page" ref={page}>
      <h1 className="visually-hidden">Home</h1>
      <section className="card composer-card" aria-label="Create a post">
        <PostComposer />
      </section>
      {!feedShown ? (
        <>
          {/* eslint-disable-next-line no-restricted-syntax -- an empty constant, see PICTURE_PLACE */}
          <div className={LAST_FEED_PLACE_CLASS} dangerouslySetInnerHTML={PICTURE_PLACE} />
          <Spinner label="Loading posts" />
        </>
      ) : (
        <Feed
          posts={posts}
          total={total}
          loadMore={loadMore}
          emptyState={
            failed ? (
              <LoadFailed retry={retry} />
            ) : (
              <div className="empty-state">
                <p className="empty-state__title">Your feed is empty</p>
                <p className="muted">
                  Follow people from <strong>Who to Follow</strong>, or find posts to enjoy on{' '}
                  <Link to="/explore">Explore</Link>.
                </p>
              </div>
            )
          }
        />
      )}
    </div>
  );
}
