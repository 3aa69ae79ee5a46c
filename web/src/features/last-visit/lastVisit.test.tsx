// The last visit: kept from Home's answers, for this build and session only,
// put back into RTK Query's cache on the next visit (drawn by the app's own
// cards), and forgotten when it may no longer be true.
import { act, screen, waitFor, within } from '@testing-library/react';
import { DATABASE_NAME } from '@murmur/backend/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postsApi } from '../../api/postsApi';
import { backendDataChanged } from '../../api/dataChanged';
import { logout } from '../../api/session';
import { makeStore, type AppStore } from '../../app/store';
import { holdBackendRequestsUntil } from '../../lib/backendGate';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { guestOnRealCore, likePost, signIn } from '../../testing/realCore';
import { renderRoutes } from '../../testing/render';
import {
  BUILD_ID,
  KEPT_FEED,
  KEPT_VISIT_KEY,
  KEPT_VISIT_MAX_CHARS,
  keepVisit,
  keptCache,
  readKeptVisit,
} from './keptVisit';

guestOnRealCore();

/** The saved data's database, as `indexedDB.databases()` lists it (or not). */
function savedData(present: boolean) {
  vi.stubGlobal('indexedDB', { databases: async () => (present ? [{ name: DATABASE_NAME, version: 1 }] : []) });
}

beforeEach(() => {
  savedData(true);
  stubMatchMedia();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  holdBackendRequestsUntil(Promise.resolve());
  delete document.documentElement.dataset.session;
});

const kept = () => localStorage.getItem(KEPT_VISIT_KEY);

/** The app's store as a visit makes it (it keeps the visit), signed in as the guest, with Home read. */
async function firstVisit(): Promise<AppStore> {
  const store = makeStore({ persist: true });
  await signIn(store);
  const read = store.dispatch(postsApi.endpoints.getFeed.initiate(KEPT_FEED));
  await read.unwrap();
  read.unsubscribe();
  await store.dispatch(postsApi.endpoints.getBookmarks.initiate()).unwrap();
  return store;
}

/**
 * A next visit: a new page (a new store), the backend still starting. Its
 * first page is the prerendered one (the start-up marks the visitor on
 * `<html>`), which the app hydrates without waiting for Home's read.
 */
function nextVisit(): { store: AppStore; start: () => Promise<void> } {
  let start!: () => void;
  holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
  document.documentElement.dataset.session = 'in';
  return {
    store: makeStore({ persist: true }),
    start: async () => {
      await act(async () => start());
    },
  };
}

describe('what is kept', () => {
  it("Home's first page (Latest) and the bookmark ids, as answered, for this build and session", async () => {
    const store = await firstVisit();
    const visit = readKeptVisit(store.getState().session);
    expect(visit).toMatchObject({ build: BUILD_ID, userId: store.getState().session.user?._id });
    const answered = postsApi.endpoints.getFeed.select(KEPT_FEED)(store.getState()).data!.pages[0]!;
    expect(visit!.cache.feed).toEqual(answered);
    expect(visit!.cache.feed.posts).toHaveLength(5);
    expect(visit!.cache.bookmarks).toEqual(postsApi.endpoints.getBookmarks.select()(store.getState()).data);
  });

  it('nothing from another build, another session, or unreadable; those are forgotten', async () => {
    const store = await firstVisit();
    const { session: mine } = store.getState();
    const stored = JSON.parse(kept()!) as Record<string, unknown>;
    const write = (change: Record<string, unknown>) =>
      localStorage.setItem(KEPT_VISIT_KEY, JSON.stringify({ ...stored, ...change }));

    write({ build: 'an-older-build' });
    expect(readKeptVisit(mine)).toBeNull();
    expect(kept()).toBeNull();
    write({});
    expect(readKeptVisit({ ...mine, token: 'another-sign-in' })).toBeNull();
    expect(kept()).toBeNull();
    write({ userId: 'u-someone-else' });
    expect(readKeptVisit(mine)).toBeNull();
    write({ cache: { feed: 'not a page' } });
    expect(readKeptVisit(mine)).toBeNull();
    localStorage.setItem(KEPT_VISIT_KEY, '{not json');
    expect(readKeptVisit(mine)).toBeNull();
    expect(kept()).toBeNull();
  });

  it('an empty feed, or a copy too large to be worth reading, is not kept', async () => {
    const store = await firstVisit();
    const { session: mine } = store.getState();
    expect(keptCache(makeStore().getState())).toBeNull();
    const cache = keptCache(store.getState())!;
    keepVisit(mine, cache);
    expect(kept()).not.toBeNull();
    const huge = structuredClone(cache);
    huge.feed.posts[0]!.content = 'x'.repeat(KEPT_VISIT_MAX_CHARS);
    keepVisit(mine, huge);
    expect(kept()).toBeNull();
  });
});

describe('when it is forgotten', () => {
  it('at a logout, and when the data changes under the app (a reset, a restore, another tab)', async () => {
    const store = await firstVisit();
    expect(kept()).not.toBeNull();
    store.dispatch(backendDataChanged());
    expect(kept()).toBeNull();
    // Home, on screen, keeps its next answer.
    await store.dispatch(postsApi.endpoints.getFeed.initiate(KEPT_FEED, { forceRefetch: true, subscribe: false }));
    expect(kept()).not.toBeNull();
    store.dispatch(logout());
    expect(kept()).toBeNull();
  });
});

describe('the next visit', { timeout: 20_000 }, () => {
  it("draws the feed seen last with the app's own cards before the backend answers, then the backend's answer", async () => {
    const first = await firstVisit();
    const golden = (await first.dispatch(postsApi.endpoints.getFeed.initiate(KEPT_FEED)).unwrap()).pages[0]!.posts.find(
      (post) => post.content.startsWith('Golden hour'),
    )!;
    // Liked in another tab since: the copy still shows it unliked, the answer liked.
    const other = makeStore();
    await signIn(other);
    await likePost(other, golden._id);

    const { store, start } = nextVisit();
    await renderRoutes('/', { store });
    const card = () => screen.getAllByRole('article').find((article) => article.textContent?.includes('Golden hour'))!;
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(screen.queryByText('Loading posts')).toBeNull();
    expect(within(card()).getByTestId('like-count')).toHaveTextContent(new RegExp(`^${golden.likes.likeCount}\\b`));
    await start();
    await waitFor(() =>
      expect(within(card()).getByTestId('like-count')).toHaveTextContent(
        new RegExp(`^${golden.likes.likeCount + 1}\\b`),
      ),
    );
    expect(within(card()).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is not shown when the saved data is gone from the device (and is forgotten), nor to another user', async () => {
    await firstVisit();
    savedData(false);
    let visit = nextVisit();
    const { unmount } = await renderRoutes('/', { store: visit.store });
    expect(screen.getByText('Loading posts')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(kept()).toBeNull();
    await visit.start();
    unmount();

    savedData(true);
    await firstVisit();
    expect(kept()).not.toBeNull();
    // Another user signed in on this device since.
    const maya = makeStore({ persist: true });
    await signIn(maya, { username: 'maya_lind', password: 'password123' });
    visit = nextVisit();
    visit.store = maya;
    await renderRoutes('/', { store: visit.store });
    expect(screen.getByText('Loading posts')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});
