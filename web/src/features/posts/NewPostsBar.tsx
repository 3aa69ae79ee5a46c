import { useSelector } from 'react-redux';
import { postsApi } from '../../api/postsApi';
import type { ArrivalScope } from '../../api/liveActions';
import type { Post } from '../../api/models';
import { useAppDispatch } from '../../api/hooks';
import { arrivedShown, selectArrived, selectFilter, type FeedState } from './feedSlice';

/** The card the reader is looking at: the first whose top is on screen (below `top`), and where it is. */
function readingPlace(top: number): { postId: string; y: number } | undefined {
  for (const item of document.querySelectorAll<HTMLElement>('.post-list__item[data-post-id]')) {
    const y = item.getBoundingClientRect().top;
    if (y >= top && item.dataset.postId) return { postId: item.dataset.postId, y };
  }
  return undefined;
}

/** Below the sticky header (layout.css), where the reader's place is measured from. */
function headerBottom(): number {
  return document.querySelector('.shell-header')?.getBoundingClientRect().bottom ?? 0;
}

/**
 * "N new posts" at the top of Home or Explore (latest first), as Mastodon
 * and X show them: posts by others that arrived live wait here, so that the
 * list never moves under the reader; a click puts them on top of the list.
 * A reader scrolled down the list stays on the post they were reading (the
 * new posts go above it); one at the top sees them at once.
 */
export function NewPostsBar({ scope, posts }: { scope: ArrivalScope; posts: readonly Post[] }) {
  const dispatch = useAppDispatch();
  const filter = useSelector(selectFilter);
  const arrived = useSelector((state: { feed: FeedState }) => selectArrived(state, scope));
  if (filter !== 'Latest') return null;
  const shown = new Set(posts.map((p) => p._id));
  const waiting = arrived.filter((p) => !shown.has(p._id));
  if (waiting.length === 0) return null;

  function show() {
    const firstCard = document.querySelector<HTMLElement>('.post-list__item[data-post-id]');
    const place = readingPlace(headerBottom());
    const midList = place !== undefined && firstCard?.dataset.postId !== place.postId;
    dispatch(
      postsApi.util.updateQueryData('getFeed', { scope, filter: 'Latest' }, (feed) => {
        const first = feed.pages[0];
        if (!first) return;
        const fresh = waiting.filter((p) => !feed.pages.some((page) => page.posts.some((q) => q._id === p._id)));
        first.posts.unshift(...fresh);
        for (const page of feed.pages) page.total += fresh.length;
      }),
    );
    dispatch(arrivedShown(scope));
    if (!midList || !place) return;
    // After React's commit and before the next paint: the card read goes back where it was.
    requestAnimationFrame(() => {
      const card = document.querySelector(`.post-list__item[data-post-id="${CSS.escape(place.postId)}"]`);
      if (card) window.scrollBy({ top: card.getBoundingClientRect().top - place.y, behavior: 'instant' });
    });
  }

  const label = waiting.length === 1 ? '1 new post' : `${waiting.length} new posts`;
  return (
    <div className="new-posts">
      <button type="button" className="btn new-posts__button" onClick={show}>
        {label}
      </button>
    </div>
  );
}
