// The pages the build renders to HTML ahead of time (vite.config.ts,
// `prerender`; src/prerender.tsx), and how the client decides whether its
// first render is the same page, so that it may hydrate it (app/startup/render.tsx).
import type { SessionState } from '../api/storedSession';

export type VisitorKind = 'in' | 'out';

export interface PrerenderedPage {
  /** The route, inside the router's basename. */
  path: string;
  /** The file a static host serves at that route. */
  file: string;
  /** Signed in (the shell and its loading placeholders) or not (the login and sign-up forms). */
  visitor: VisitorKind;
  /** The lazy route modules the page renders: their chunks and CSS go into its HTML. */
  modules: string[];
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: '/',
    file: 'index.html',
    visitor: 'in',
    modules: ['src/app/layout/AppLayout.tsx', 'src/features/posts/HomePage.tsx'],
  },
  { path: '/login', file: 'login/index.html', visitor: 'out', modules: ['src/features/auth/LoginPage.tsx'] },
  { path: '/signup', file: 'signup/index.html', visitor: 'out', modules: ['src/features/auth/SignupPage.tsx'] },
];

/**
 * The session the shell is prerendered with: some token (the route guard lets
 * it in) and no user yet, so nothing in it names anyone. The client hydrates
 * with it too and then renders the real session.
 */
export const PRERENDERED_SESSION: SessionState = { user: null, token: 'prerendered' };

/** What the build writes on `#root` for the page it holds. */
export interface PrerenderMarks {
  prerenderedPath?: string;
  prerenderedSession?: string;
}

/**
 * Whether the client's first render is the page in the HTML: the same route
 * for the same kind of visitor. Only then does it hydrate; otherwise it
 * renders afresh (a deep link served the shell, a signed-in visitor at /login).
 */
export function firstRenderMatches(marks: PrerenderMarks, path: string, signedIn: boolean): boolean {
  const visitor: VisitorKind = signedIn ? 'in' : 'out';
  return marks.prerenderedPath === path && marks.prerenderedSession === visitor;
}

/**
 * The route inside the basename, as the router matches it: `/murmur/login`
 * and `/murmur/login/` under `/murmur/` are `/login`.
 */
export function routeOf(pathname: string, basename: string): string {
  const base = basename.endsWith('/') ? basename.slice(0, -1) : basename;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  const trimmed = rest.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether the page shown is still the prerendered one, not yet hydrated: the
 * start-up has marked the visitor on `<html>` (paintForVisitor) and the app
 * has not yet said it is in charge (releaseEarlyTaps). A page rendered by
 * the client alone (tests, the dev server's later navigations) is not.
 */
export function stillPrerendered(doc: Document = document): boolean {
  const marks = doc.documentElement.dataset;
  return marks.session !== undefined && !('hydrated' in marks);
}
