// The build's server rendering (vite.config.ts, `prerender`): each page of
// app/prerendered.ts rendered to HTML with React's own `prerender`, which
// waits for the lazy route chunks, for a visitor whose session is either the
// prerendered one (the shell, its data still loading) or none (the forms).
// Nothing here runs in the browser.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/App';
import { PRERENDERED_SESSION, type PrerenderedPage } from './app/prerendered';
import { makeStore } from './app/store';
import { StartupNotices } from './features/demo-data/StartupNotices';
import { signedOut } from './api/session';

export { PRERENDERED_PAGES } from './app/prerendered';

/** Start-up notices come from the browser's backend: none at build time. */
const NO_NOTICES = new Promise<string[]>(() => {});

/**
 * The markup of `page`, to go inside `#root`. The same tree as src/start.tsx
 * renders: React's ids (`useId`, which labels the dialogs) follow the tree's
 * shape, and hydration keeps the ids of the HTML.
 */
export async function renderPage(page: PrerenderedPage): Promise<string> {
  const store = makeStore({ preloadedState: { session: page.visitor === 'in' ? PRERENDERED_SESSION : signedOut } });
  const { prelude } = await prerender(
    <StrictMode>
      <App store={store} location={page.path} />
      <StartupNotices notices={NO_NOTICES} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
