// The route table of docs/product.md, "Screens", for React Router's data
// router (app/startup/render.tsx in the browser, src/prerender.tsx at build
// time). Each page's module is loaded with its route (`lazy`): the entry
// holds only the router, the store and the guards, so /login does not
// download the feed, the composer or the shell, nor a signed-in page the
// login forms. Each page's reads start in its route's loader, before it
// renders, as RTK Query's documentation shows with React Router
// (`dispatch(endpoint.initiate(arg))`, the subscription released once
// answered: the page's hooks hold their own).
import type { ComponentType } from 'react';
import { Outlet, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { FRESH_FOR_SECONDS } from '../api/apiSlice';
import { SEARCH_LIST_LIMIT, searchApi } from '../features/search/searchApi';
import { type FeedArg, postsApi } from '../api/postsApi';
import { usersApi } from '../api/usersApi';
import { notificationsApi } from '../api/notificationsApi';
import { restoreLastVisit } from '../features/last-visit';
import { selectFilter } from '../features/posts/feedSlice';
import { NotFoundPage } from './NotFoundPage';
import { RedirectIfSignedIn, RequireAuth } from './RequireAuth';
import { ScrollToTop } from './ScrollToTop';
import type { AppStore } from './store';
import { stillPrerendered } from './prerendered';

type Dispatch = AppStore['dispatch'];
/** A read started by a loader: RTK Query's `initiate` result. */
type Read = PromiseLike<unknown> & { unsubscribe(): void };

/**
 * A loader that starts `reads` for a signed-in visitor (a page's data, with
 * the bookmark ids every card shows) as the navigation starts, alongside the
 * page's modules. The navigation waits for their answers, so that the page
 * renders whole, except the first one over the prerendered page, which
 * hydrates at once (app/startup/paint.ts).
 */
function readsBeforeRender(
  store: AppStore,
  reads: (dispatch: Dispatch, params: Record<string, string | undefined>, url: URL) => Read[],
  before?: () => Promise<unknown>,
): LoaderFunction {
  return async ({ params, request }) => {
    const { token } = store.getState().session;
    // A visitor without a session goes to /login (RequireAuth): nothing to read.
    if (!token) return null;
    await before?.();
    const started = [
      ...reads(store.dispatch, params, new URL(request.url)),
      store.dispatch(postsApi.endpoints.getBookmarks.initiate(undefined, { forceRefetch: FRESH_FOR_SECONDS })),
    ];
    const answered = Promise.allSettled(started).then(() => started.forEach((read) => read.unsubscribe()));
    // The prerendered page hydrates at once, with its loading state or what
    // the cache holds (a tap on it is then React's); a later navigation
    // renders once its data is in, whole.
    if (!stillPrerendered()) await answered;
    return null;
  };
}

const feed = (dispatch: Dispatch, arg: FeedArg) =>
  dispatch(postsApi.endpoints.getFeed.initiate(arg, { forceRefetch: FRESH_FOR_SECONDS }));

/** A page's module, loaded with its route. */
const page = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

const loadAppLayout = () => import('./layout/AppLayout');
const loadHomePage = () => import('../features/posts/HomePage');

/** The signed-in pages, inside the frame (the header, the navigation, Who to Follow). */
function signedInPages(store: AppStore): RouteObject[] {
  const filter = () => selectFilter(store.getState());
  return [
    {
      index: true,
      ...page(loadHomePage, 'HomePage'),
      // A return visit shows the feed seen last while Home's own read waits for the backend.
      loader: readsBeforeRender(
        store,
        (dispatch) => [feed(dispatch, { scope: 'home', filter: filter() })],
        () => restoreLastVisit(store.dispatch, store.getState),
      ),
    },
    {
      path: 'explore',
      ...page(() => import('../features/posts/ExplorePage'), 'ExplorePage'),
      loader: readsBeforeRender(store, (dispatch) => [feed(dispatch, { scope: 'explore', filter: filter() })]),
    },
    {
      path: 'bookmark',
      ...page(() => import('../features/posts/BookmarksPage'), 'BookmarksPage'),
      loader: readsBeforeRender(store, (dispatch) => [feed(dispatch, { scope: 'bookmarks' })]),
    },
    {
      path: 'profile/:username',
      ...page(() => import('./pages/ProfilePage'), 'ProfilePage'),
      loader: readsBeforeRender(store, (dispatch, { username = '' }) => [
        dispatch(usersApi.endpoints.getUserByName.initiate(username, { forceRefetch: FRESH_FOR_SECONDS })),
        feed(dispatch, { scope: 'author', username, filter: filter() }),
      ]),
    },
    {
      path: 'post/:postId',
      ...page(() => import('./pages/PostDetailPage'), 'PostDetailPage'),
      loader: readsBeforeRender(store, (dispatch, { postId = '' }) => [
        dispatch(postsApi.endpoints.getPost.initiate(postId, { forceRefetch: FRESH_FOR_SECONDS })),
      ]),
    },
    {
      path: 'tag/:tag',
      ...page(() => import('../features/posts/TagPage'), 'TagPage'),
      loader: readsBeforeRender(store, (dispatch, { tag = '' }) => [
        feed(dispatch, { scope: 'tag', tag, filter: filter() }),
      ]),
    },
    {
      path: 'search',
      ...page(() => import('./pages/SearchPage'), 'SearchPage'),
      loader: readsBeforeRender(store, (dispatch, _params, url) => {
        const q = (url.searchParams.get('q') ?? '').trim();
        if (!q) return [];
        return [
          dispatch(
            searchApi.endpoints.search.initiate({ q, limit: SEARCH_LIST_LIMIT }, { forceRefetch: FRESH_FOR_SECONDS }),
          ),
          feed(dispatch, { scope: 'search', q }),
        ];
      }),
    },
    {
      path: 'notifications',
      ...page(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
      loader: readsBeforeRender(store, (dispatch) => [
        dispatch(notificationsApi.endpoints.getNotifications.initiate(undefined, { forceRefetch: FRESH_FOR_SECONDS })),
      ]),
    },
    { path: 'settings/data', ...page(() => import('../features/demo-data/DataPage'), 'DataPage') },
    {
      path: 'theme',
      lazy: async () => {
        const [{ ThemePage }, { DemoDataSection }] = await Promise.all([
          import('../features/theme/ThemePage'),
          import('../features/demo-data/ResetDemoData'),
        ]);
        return {
          Component: () => (
            <ThemePage>
              <DemoDataSection />
            </ThemePage>
          ),
        };
      },
    },
  ];
}

/** Every route: the protected pages in their frame, the sign-in pages, and the 404. */
export function appRoutes(store: AppStore): RouteObject[] {
  return [
    {
      Component: AppRoot,
      children: [
        {
          Component: RequireAuth,
          children: [{ ...page(loadAppLayout, 'AppLayout'), children: signedInPages(store) }],
        },
        {
          Component: RedirectIfSignedIn,
          children: [
            { path: 'login', ...page(() => import('../features/auth/LoginPage'), 'LoginPage') },
            { path: 'signup', ...page(() => import('../features/auth/SignupPage'), 'SignupPage') },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

/** What every page sits in. */
function AppRoot() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}
