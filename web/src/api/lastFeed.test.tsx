// Home's copy kept for the next visit (api/lastFeed.ts): what is kept, when
// it is forgotten, that it is shown only to its own session and only while
// the saved data is still here, and that the backend's answer replaces it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../app/store';
import { refreshAfterDataChange } from '../features/demo-data/useDataSync';
import { HomePage } from '../features/posts/HomePage';
import { holdBackendRequestsUntil } from '../lib/backendGate';
import { stubMatchMedia } from '../testing/matchMediaStub';
import { guestOnRealCore, signIn } from '../testing/realCore';
import { renderWithProviders } from '../testing/render';
import { api } from './apiSlice';
import {
  forgetLastFeed,
  keepLastFeed,
  LAST_FEED_ARG,
  LAST_FEED_KEY,
  LAST_FEED_MAX_CHARS,
  lastFeedKeeper,
  putLastFeed,
  readLastFeed,
  savedDataExists,
  type LastFeed,
} from './lastFeed';
import { logout } from './session';
import type { PostsPageResponse } from './types';

const session = guestOnRealCore();
let store: AppStore;
let storage: Storage;

/** A localStorage of its own for each test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => {
  store = session.current();
  storage = memoryStorage();
  stubMatchMedia();
});
afterEach(() => {
  holdBackendRequestsUntil(Promise.resolve());
  localStorage.removeItem(LAST_FEED_KEY);
});

const kept = () => JSON.parse(storage.getItem(LAST_FEED_KEY) ?? 'null') as LastFeed | null;
/** The copy once the store has told its subscribers (RTK Query's answers notify them in a batch, a moment later). */
const keptSoon = async () => {
  await waitFor(() => expect(kept()).not.toBeNull());
  return kept();
};
const homeData = (s: AppStore) => api.endpoints.getFeed.select(LAST_FEED_ARG)(s.getState()).data;
const readHome = (s: AppStore) => s.dispatch(api.endpoints.getFeed.initiate(LAST_FEED_ARG)).unwrap();

/** Home's first page as the backend answers it now. */
async function firstPage(): Promise<PostsPageResponse> {
  const page = (await readHome(store)).pages[0];
  if (!page) throw new Error('no first page');
  return page;
}

/** The same page with every like count off by `by` (a copy made before another tab's likes). */
function stale(page: PostsPageResponse, by = 10): PostsPageResponse {
  return {
    ...page,
    posts: page.posts.map((p) => ({ ...p, likes: { ...p.likes, likeCount: p.likes.likeCount + by } })),
  };
}

/** A new visit's store (the same session, nothing read yet). */
const nextVisit = () => makeStore({ preloadedState: { session: store.getState().session } });

describe('what is kept', () => {
  it("keeps Home's first page only (5 posts), for this session, with the bookmarks among them", async () => {
    store.subscribe(lastFeedKeeper(store.getState, storage));
    await store.dispatch(api.endpoints.getBookmarks.initiate()).unwrap();
    await readHome(store);
    await store.dispatch(api.endpoints.getFeed.initiate(LAST_FEED_ARG, { direction: 'forward' })).unwrap();
    expect(homeData(store)?.pages).toHaveLength(2);
    const copy = await keptSoon();
    expect(copy?.page.posts.map((p) => p._id)).toEqual(homeData(store)?.pages[0]?.posts.map((p) => p._id));
    expect(copy?.page.posts).toHaveLength(5);
    expect(copy?.userId).toBe('u-guest');
    expect(copy?.token).toBe(store.getState().session.token);
    // The bookmarks kept are those among the page's posts.
    const onPage = copy!.page.posts.map((p) => p._id);
    const bookmarked = api.endpoints.getBookmarks.select()(store.getState()).data ?? [];
    expect(copy?.bookmarks).toEqual(bookmarked.filter((id) => onPage.includes(id)));
    expect(bookmarked.filter((id) => !onPage.includes(id)).length).toBeGreaterThan(0);
    const more = onPage.find((id) => !bookmarked.includes(id))!;
    await store.dispatch(api.endpoints.addBookmark.initiate(more)).unwrap();
    await waitFor(() => expect(kept()?.bookmarks).toContain(more));
  });

  it('follows what the visitor does on Home (a like), and nothing when Explore changes alone', async () => {
    store.subscribe(lastFeedKeeper(store.getState, storage));
    const page = await firstPage();
    const target = page.posts.find((p) => !p.likes.likedBy.some((u) => u.username === 'guest'))!;
    await store.dispatch(api.endpoints.likePost.initiate(target._id)).unwrap();
    const liked = () => kept()?.page.posts.find((p) => p._id === target._id);
    await waitFor(() => expect(liked()?.likes.likeCount).toBe(target.likes.likeCount + 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    storage.removeItem(LAST_FEED_KEY);
    await store.dispatch(api.endpoints.getFeed.initiate({ scope: 'explore', filter: 'Latest' })).unwrap();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept()).toBeNull();
  });

  it('keeps nothing for an empty feed (nothing to show at once)', async () => {
    const page = await firstPage();
    storage.setItem(LAST_FEED_KEY, 'an older copy');
    keepLastFeed(store.getState().session, { ...page, posts: [], total: 0 }, [], storage);
    expect(storage.getItem(LAST_FEED_KEY)).toBeNull();
  });

  it('keeps nothing larger than its bound', () => {
    const sessionState = store.getState().session;
    const page = { total: 1, posts: [{ _id: 'p-x', content: 'x'.repeat(LAST_FEED_MAX_CHARS) }] };
    storage.setItem(LAST_FEED_KEY, 'an older copy');
    keepLastFeed(sessionState, page as unknown as PostsPageResponse, [], storage);
    expect(storage.getItem(LAST_FEED_KEY)).toBeNull();
  });
});

describe('when it is forgotten', () => {
  it('at logout', async () => {
    store.subscribe(lastFeedKeeper(store.getState, storage));
    await readHome(store);
    await keptSoon();
    store.dispatch(logout());
    expect(kept()).toBeNull();
  });

  it('when the data changed under the app (a reset, a restore, another tab); Home on screen keeps its new answer', async () => {
    store.subscribe(lastFeedKeeper(store.getState));
    const home = store.dispatch(api.endpoints.getFeed.initiate(LAST_FEED_ARG));
    const page = (await home.unwrap()).pages[0]!;
    await waitFor(() => expect(localStorage.getItem(LAST_FEED_KEY)).not.toBeNull());
    // Another tab likes a post of the page.
    const target = page.posts.find((p) => !p.likes.likedBy.some((u) => u.username === 'guest'))!;
    const other = makeStore();
    await signIn(other);
    await other.dispatch(api.endpoints.likePost.initiate(target._id)).unwrap();
    const refreshed = refreshAfterDataChange(store.dispatch, store.getState);
    expect(localStorage.getItem(LAST_FEED_KEY)).toBeNull();
    await refreshed;
    // Home, still on screen, read again: its new answer is kept.
    const likes = () =>
      readLastFeed(store.getState().session)?.page.posts.find((p) => p._id === target._id)?.likes.likeCount;
    await waitFor(() => expect(likes()).toBe(target.likes.likeCount + 1));
    home.unsubscribe();
  });

  it('and is not written back from what was on screen before the change', async () => {
    store.subscribe(lastFeedKeeper(store.getState, storage));
    await readHome(store); // read, then left: nothing subscribes to it any more
    await keptSoon();
    forgetLastFeed(storage);
    store.dispatch(api.util.invalidateTags(['Post']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept()).toBeNull();
  });

  it('is never shown to another session: another user, a new sign-in, or an unreadable copy', async () => {
    const page = await firstPage();
    const mine = store.getState().session;
    keepLastFeed(mine, page, [], storage);
    expect(readLastFeed(mine, storage)?.page.posts).toHaveLength(5);
    expect(readLastFeed({ ...mine, token: 'another sign-in' }, storage)).toBeNull();
    expect(storage.getItem(LAST_FEED_KEY)).toBeNull(); // forgotten once seen by another session
    keepLastFeed(mine, page, [], storage);
    expect(readLastFeed({ ...mine, user: { ...mine.user!, _id: 'u-maya' } }, storage)).toBeNull();
    expect(readLastFeed({ user: null, token: null }, storage)).toBeNull();
    storage.setItem(LAST_FEED_KEY, '{not json');
    expect(readLastFeed(mine, storage)).toBeNull();
    storage.setItem(LAST_FEED_KEY, JSON.stringify({ version: 99, userId: 'u-guest', token: mine.token }));
    expect(readLastFeed(mine, storage)).toBeNull();
    forgetLastFeed(storage);
  });

  it('is not shown once the saved data it was read from is gone (the browser cleared it)', async () => {
    const factory = (names: string[]) =>
      ({ databases: () => Promise.resolve(names.map((name) => ({ name, version: 2 }))) }) as unknown as IDBFactory;
    expect(await savedDataExists(factory(['murmur']))).toBe(true);
    expect(await savedDataExists(factory([]))).toBe(false);
    expect(await savedDataExists(factory(['another-app']))).toBe(false);
    // A browser that cannot tell: no copy.
    expect(await savedDataExists({} as IDBFactory)).toBe(false);
    expect(
      await savedDataExists({ databases: () => Promise.reject(new Error('blocked')) } as unknown as IDBFactory),
    ).toBe(false);
    // A browser that never answers (WebKit's ephemeral sessions): no copy, and no wait past the deadline.
    const started = Date.now();
    expect(await savedDataExists({ databases: () => new Promise(() => {}) } as unknown as IDBFactory, 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('shown, then replaced by the backend', () => {
  it("the copy shows at once and the backend's answer replaces it: no stale count stays", async () => {
    const truth = await firstPage();
    const copy: LastFeed = {
      version: 1,
      userId: 'u-guest',
      token: store.getState().session.token!,
      page: stale(truth),
      bookmarks: [],
    };
    let start = () => undefined as void;
    holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
    const visit = nextVisit();
    expect(putLastFeed(visit.dispatch, visit.getState, copy)).toBe(true);
    expect(visit.getState().lastFeed.status).toBe('shown');
    renderWithProviders(<HomePage />, { store: visit });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(5);
    const firstCount = () => within(screen.getAllByRole('article')[0]!).getByTestId('like-count').textContent;
    expect(firstCount()).toMatch(new RegExp(`^${truth.posts[0]!.likes.likeCount + 10}\\b`));
    start();
    await waitFor(() => expect(firstCount()).toMatch(new RegExp(`^${truth.posts[0]!.likes.likeCount}\\b`)));
    expect(visit.getState().lastFeed.status).toBe('none');
    expect(homeData(visit)?.pages[0]?.posts.map((p) => p.likes.likeCount)).toEqual(
      truth.posts.map((p) => p.likes.likeCount),
    );
  });

  it('is never put over a read already under way (its answer would be dropped)', async () => {
    const truth = await firstPage();
    const copy: LastFeed = {
      version: 1,
      userId: 'u-guest',
      token: store.getState().session.token!,
      page: stale(truth),
      bookmarks: [],
    };
    let start = () => undefined as void;
    holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
    const visit = nextVisit();
    const reading = readHome(visit);
    expect(putLastFeed(visit.dispatch, visit.getState, copy)).toBe(false);
    start();
    expect((await reading).pages[0]?.posts[0]?.likes.likeCount).toBe(truth.posts[0]!.likes.likeCount);
  });

  it('a failed read takes the copy down: the page says it failed, with a retry', async () => {
    const truth = await firstPage();
    const copy: LastFeed = {
      version: 1,
      userId: 'u-guest',
      token: store.getState().session.token!,
      page: truth,
      bookmarks: [],
    };
    session.server.use(
      http.get('*/api/posts/feed', () => HttpResponse.json({ errors: ['Something broke'] }, { status: 500 })),
    );
    const visit = nextVisit();
    putLastFeed(visit.dispatch, visit.getState, copy);
    renderWithProviders(<HomePage />, { store: visit });
    await waitFor(() => expect(visit.getState().lastFeed.status).toBe('failed'));
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0));
    session.server.resetHandlers();
    await userEvent.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(visit.getState().lastFeed.status).toBe('none');
  });

  it('a like on a shown post waits for the answer, then counts once on the backend’s version', async () => {
    const truth = await firstPage();
    const target = truth.posts.find((p) => !p.likes.likedBy.some((u) => u.username === 'guest'))!;
    const copy: LastFeed = {
      version: 1,
      userId: 'u-guest',
      token: store.getState().session.token!,
      page: stale(truth),
      bookmarks: [],
    };
    let start = () => undefined as void;
    holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
    const visit = nextVisit();
    putLastFeed(visit.dispatch, visit.getState, copy);
    renderWithProviders(<HomePage />, { store: visit });
    const card = (await screen.findAllByRole('article')).find((c) => c.dataset.postId === target._id)!;
    const like = within(card).getByRole('button', { name: 'Like' });
    await userEvent.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByTestId('like-count').textContent).toMatch(
      new RegExp(`^${target.likes.likeCount + 11}\\b`),
    );
    start();
    await waitFor(() => expect(like).not.toHaveAttribute('aria-busy'));
    await waitFor(() =>
      expect(within(card).getByTestId('like-count').textContent).toMatch(
        new RegExp(`^${target.likes.likeCount + 1}\\b`),
      ),
    );
    expect(like).toHaveAttribute('aria-pressed', 'true');
    // The backend counted it once.
    const answer = await store.dispatch(api.endpoints.getFeed.initiate(LAST_FEED_ARG, { forceRefetch: true })).unwrap();
    const fresh = answer.pages[0]?.posts.find((p) => p._id === target._id);
    expect(fresh?.likes.likeCount).toBe(target.likes.likeCount + 1);
  });
});
