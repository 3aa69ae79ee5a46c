import { createElement, lazy, useState, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { yieldToPage } from '@murmur/backend/protocol';
import { NotFoundPage } from './NotFoundPage';
import { RedirectIfSignedIn, RequireAuth } from './RequireAuth';
import { ScrollToTop } from './ScrollToTop';

const preloads: Array<() => Promise<unknown>> = [];

/**
 * A page loaded with its route (React.lazy): the entry holds only the router,
 * the store and the guards, so /login does not download the feed, the
 * composer or the shell, nor a signed-in page the login forms. The build
 * prerenders some of these pages and preloads their chunks (app/prerendered.ts).
 * A page mounted once its module is in renders at once instead of suspending.
 */
function page<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(async () => ({ default: await preload() }));
  preloads.push(preload);
  function Page(props: Props) {
    // Chosen once per mount: switching from Lazy to the module later would remount the page.
    const [component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Page, { preload });
}

/** Loads every page's module (tests render the routes at once after it). */
export function preloadRoutes(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
}

const AppLayout = page(() => import('./layout/AppLayout').then((m) => m.AppLayout));
const HomePage = page(() => import('../features/posts/HomePage').then((m) => m.HomePage));
const ExplorePage = page(() => import('../features/posts/ExplorePage').then((m) => m.ExplorePage));
const BookmarksPage = page(() => import('../features/posts/BookmarksPage').then((m) => m.BookmarksPage));
const ProfilePage = page(() => import('./pages/ProfilePage').then((m) => m.ProfilePage));
const PostDetailPage = page(() => import('./pages/PostDetailPage').then((m) => m.PostDetailPage));
const TagPage = page(() => import('../features/posts/TagPage').then((m) => m.TagPage));
const SearchPage = page(() => import('./pages/SearchPage').then((m) => m.SearchPage));
const DataPage = page(() => import('../features/demo-data/DataPage').then((m) => m.DataPage));
const ThemePage = page(() => import('../features/theme/ThemePage').then((m) => m.ThemePage));
const LoginPage = page(() => import('../features/auth/LoginPage').then((m) => m.LoginPage));
const DemoDataSection = page(() => import('../features/demo-data/ResetDemoData').then((m) => m.DemoDataSection));
const SignupPage = page(() => import('../features/auth/SignupPage').then((m) => m.SignupPage));

/**
 * Loads the modules of the page a sign-in leads to (the shell and Home), so
 * that the first post follows the click without waiting for them; the login
 * and sign-up pages call it once they are idle (src/start.tsx). One page at a
 * time, with the page's turn between them: asking for a page's chunks costs
 * the main thread a few ms each (a `<link rel="modulepreload">` per chunk),
 * and both at once made a long task on a phone.
 */
export async function preloadSignedInPages(): Promise<void> {
  await AppLayout.preload();
  await yieldToPage();
  await HomePage.preload();
}

/**
 * The route table of docs/product.md, "Screens". No Suspense boundary above the layout and the
 * auth pages: on the first render the root waits for their chunks (keeping
 * the prerendered page on screen), and a navigation (a transition) keeps the
 * page it leaves until the next one is ready. Inside the layout, a page that
 * is still loading shows the shell with a spinner (layout/AppLayout.tsx).
 */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route index element={<HomePage />} />
            <Route path="explore" element={<ExplorePage />} />
            <Route path="bookmark" element={<BookmarksPage />} />
            <Route path="profile/:username" element={<ProfilePage />} />
            <Route path="post/:postId" element={<PostDetailPage />} />
            <Route path="tag/:tag" element={<TagPage />} />
            <Route path="search" element={<SearchPage />} />
            <Route path="settings/data" element={<DataPage />} />
            <Route
              path="theme"
              element={
                <ThemePage>
                  <DemoDataSection />
                </ThemePage>
              }
            />
          </Route>
        </Route>
        <Route element={<RedirectIfSignedIn />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
