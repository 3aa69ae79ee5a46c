import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PostCard } from './PostCard';
import type { PostListProps } from './PostList';
import './posts.css';

/** Posts are rendered this far above and below the viewport. */
const OVERSCAN_PX = 1200;
/** A card's height (with the gap) until it has been rendered once. */
const ESTIMATED_HEIGHT_PX = 260;
/** Cards rendered before the first measurement. */
const INITIAL_COUNT = 10;
/** Lists up to this long render every card (the seed's feeds among them). */
const WINDOW_FROM = 20;
/** Cards in a list's first render: about what a phone's first screen shows. */
export const FIRST_PASS_COUNT = 2;

interface Span {
  start: number;
  end: number;
  /** Heights of the cards above `start` and below `end`, kept as padding. */
  before: number;
  after: number;
}

/**
 * PostList for long feeds: only the cards near the viewport are in the DOM,
 * the others are stood in for by the list's padding (heights as measured
 * when last rendered, or an estimate). A long feed stays as few elements
 * as the screen needs, and a like re-renders a handful of cards. Short lists
 * (up to WINDOW_FROM posts) render every card. The first render holds
 * FIRST_PASS_COUNT cards, the rest follow at once.
 */
export function WindowedPostList({ posts, emptyMessage = 'No posts yet' }: PostListProps) {
  const list = useRef<HTMLUListElement>(null);
  const heights = useRef(new Map<string, number>());
  const [span, setSpan] = useState<Span>(() => ({
    start: 0,
    end: posts.length <= WINDOW_FROM ? posts.length : INITIAL_COUNT,
    before: 0,
    after: 0,
  }));

  /** Measures the cards in the DOM, then picks the span the viewport needs. */
  const update = useCallback(() => {
    const node = list.current;
    if (!node) return;
    const whole = posts.length <= WINDOW_FROM;
    // A short list renders every card: nothing to measure, no forced layout.
    if (!whole) {
      const gap = parseFloat(getComputedStyle(node).rowGap) || 0;
      for (const item of node.children) {
        const id = (item as HTMLElement).dataset.postId;
        if (id) heights.current.set(id, (item as HTMLElement).offsetHeight + gap);
      }
    }
    const known = [...heights.current.values()];
    const estimate = known.length ? known.reduce((a, b) => a + b, 0) / known.length : ESTIMATED_HEIGHT_PX;
    const height = (i: number) => heights.current.get(posts[i]?._id ?? '') ?? estimate;
    const top = whole ? -Infinity : -node.getBoundingClientRect().top - OVERSCAN_PX;
    const bottom = whole ? Infinity : top + window.innerHeight + 2 * OVERSCAN_PX;
    let start = 0;
    let before = 0;
    while (start < posts.length && before + height(start) < top) before += height(start++);
    let end = start;
    let y = before;
    while (end < posts.length && y < bottom) y += height(end++);
    let after = 0;
    for (let i = end; i < posts.length; i++) after += height(i);
    setSpan((prev) =>
      prev.start === start && prev.end === end && prev.before === before && prev.after === after
        ? prev
        : { start, end, before, after },
    );
  }, [posts]);

  // After every render: the cards just rendered may change the span.
  useLayoutEffect(update);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [update]);

  // A list's first render holds the first screen's cards only, and React
  // renders the others in the background right after (useDeferredValue's
  // initial value): the first post shows without waiting for cards below
  // the fold to be rendered and laid out.
  const firstPass = useDeferredValue(false, true);
  const end = firstPass ? Math.min(span.end, span.start + FIRST_PASS_COUNT) : span.end;

  if (posts.length === 0) {
    return <div className="post-list__empty">{emptyMessage}</div>;
  }
  return (
    <ul
      ref={list}
      className="post-list"
      aria-label="Posts"
      style={{ paddingTop: span.before, paddingBottom: span.after }}
    >
      {posts.slice(span.start, end).map((post, i) => (
        <li
          key={post._id}
          className="post-list__item"
          data-post-id={post._id}
          aria-posinset={span.start + i + 1}
          aria-setsize={posts.length}
        >
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
