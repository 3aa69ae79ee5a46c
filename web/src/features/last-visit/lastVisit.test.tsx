// The last visit: kept from Home's answers, for this build and session only,
// put back into RTK Query's cache on the next visit (drawn by the app's own
// cards), and forgotten when it may no longer be true.
import { act, screen, waitFor, within } from '@testing-library/react';
import { DATABASE_NAME } from '@murmur/backend/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/apiSlice';
import { backendDataChanged } from '../../api/dataChanged';
import { logout } from '../../api/session';
import { makeStore, type AppStore } from '../../app/store';
import { holdBackendRequestsUntil } from '../../lib/backendGate';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { guestOnRealCore, signIn } from '../../testing/realCore';
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
import { restoreAgainForTests } from './lastVisit';

guestOnRealCore();

/** The saved data's database, as `indexedDB.databases()` lists it (or not). */
function savedData(present: boolean) {
  vi.stubGlobal('indexedDB', { databases: async () => (present ? [{ name: DATABASE_NAME, version: 1 }] : []) });
}

beforeEach(() => {
  restoreAgainForTests();
  savedData(true);
  stubMatchMedia();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  holdBackendRequestsUntil(Promise.resolve());
});

const kept = () => localStorage.getItem(KEPT_VISIT_KEY);

/** The app's store as a visit makes it (it keeps the visit), signed in as the guest, with Home read. */
async function firstVisit(): Promise<AppStore> {
  const store = makeStore({ persist: true });
  await signIn(store);
  const read = store.dispatch(api.endpoints.getFeed.initiate(KEPT_FEED));
  await read.unwrap();
  read.unsubscribe();
  await store.dispatch(api.endpoints.getBookmarks.initiate()).unwrap();
  return store;
}

/** A next visit: a new page, the backend still starting. */
function nextVisit(): { store: AppStore; start: () => Promise<void> } {
  restoreAgainForTests();
  let start!: () => void;
  holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
  return {
    store: makeStore({ persist: true }),
    start: async () => {
      await act(async () => start());
    },
  };
}

describe('what is kept', () => {
  it("Home's first page (Latest) and the bookmark ids, in RTK Query's shape, for this build and session", async () => {
    const store = await firstVisit();
    const visit = readKeptVisit(store.getState().session);
    expect(visit).toMatchObject({ build: BUILD_ID, userId: store.getState().session.user?._id });
    const entries = Object.values(visit!.cache.queries) as { endpointName: string; data: unknown }[];
    expect(entries.map((entry) => entry.endpointName).sort()).toEqual(['getBookmarks', 'getFeed']);
    const feed = entries.find((entry) => entry.endpointName === 'getFeed')!.data as { pages: { posts: unknown[] }[] };
    expect(feed.pages).toHaveLength(1);
    expect(feed.pages[0]!.posts).toHaveLength(5);
    // The tags they provide go with them: an invalidation reaches the copy too.
    expect(Object.keys(visit!.cache.provided.tags)).toEqual(expect.arrayContaining(['Post', 'Feed', 'Bookmark']));
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
    write({ cache: { queries: { x: { status: 'fulfilled', endpointName: 'getFeed', data: 'not pages' } } } });
    expect(readKeptVisit(mine)).toBeNull();
    localStorage.setItem(KEPT_VISIT_KEY, '{not json');
    expect(readKeptVisit(mine)).toBeNull();
    expect(kept()).toBeNull();
  });

  it('an empty feed, or a copy too large to be worth reading, is not kept', async () => {
    const store = await firstVisit();
    const { session: mine } = store.getState();
    expect(keptCache({ queries: {}, provided: { keys: {} } })).toBeNull();
    const cache = keptCache(store.getState().api)!;
    keepVisit(mine, cache);
    expect(kept()).not.toBeNull();
    const feedKey = Object.keys(cache.queries).find((key) => key.startsWith('getFeed'))!;
    const huge = structuredClone(cache);
    const entry = huge.queries[feedKey] as { data: { pages: { posts: { content: string }[] }[] } };
    entry.data.pages[0]!.posts[0]!.content = 'x'.repeat(KEPT_VISIT_MAX_CHARS);
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
    await store.dispatch(api.endpoints.getFeed.initiate(KEPT_FEED, { forceRefetch: true, subscribe: false }));
    expect(kept()).not.toBeNull();
    store.dispatch(logout());
    expect(kept()).toBeNull();
  });
});

describe('the next visit', { timeout: 20_000 }, () => {
  it("draws the feed seen last with the app's own cards before the backend answers, then the backend's answer", async () => {
    const first = await firstVisit();
    const golden = (await first.dispatch(api.endpoints.getFeed.initiate(KEPT_FEED)).unwrap()).pages[0]!.posts.find(
      (post) => post.content.startsWith('Golden hour'),
    )!;
    // Liked in another tab since: the copy still shows it unliked, the answer liked.
    const other = makeStore();
    await signIn(other);
    await other.dispatch(api.endpoints.likePost.initiate(golden._id)).unwrap();

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
