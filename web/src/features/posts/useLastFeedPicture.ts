import { useEffect, type RefObject } from 'react';
import { useSelector } from 'react-redux';
import { whenIdle } from '@murmur/backend/protocol';
import { selectBookmarkIds } from '../../api/apiSlice';
import { useAppSelector } from '../../api/hooks';
import { LAST_FEED_ARG, selectLastFeedStatus } from '../../api/lastFeed';
import type { Post } from '../../api/models';
import { selectFilter } from './feedSlice';
import { keepPicture, pictureSource, takePicture } from './lastFeedPicture';

/**
 * Takes the picture of Home's first cards (features/posts/lastFeedPicture.ts)
 * for the next visit, once the page is idle after Home shows the backend's
 * answer in the order a visit opens with; again whenever those posts or
 * their bookmarks change. `page` holds Home's `section.feed`.
 */
export function useLastFeedPicture(page: RefObject<HTMLElement | null>, posts: readonly Post[]): void {
  const session = useAppSelector((state) => state.session);
  const filter = useSelector(selectFilter);
  // The copy from the last visit is on screen: the picture is taken of the backend's answer.
  const answered = useAppSelector(selectLastFeedStatus) === 'none';
  const bookmarks = useAppSelector(selectBookmarkIds);
  useEffect(() => {
    if (!answered || filter !== LAST_FEED_ARG.filter || posts.length === 0) return;
    let live = true;
    void whenIdle().then(() => {
      const feed = live ? page.current?.querySelector(':scope > .feed') : null;
      const picture = feed
        ? takePicture(
            feed,
            posts.map((post) => post._id),
          )
        : null;
      if (picture) keepPicture(session, pictureSource(posts, bookmarks), picture);
    });
    return () => {
      live = false;
    };
  }, [page, posts, bookmarks, filter, answered, session]);
}
