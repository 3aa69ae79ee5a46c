// The second script that runs before the first paint, in the HTML of Home
// (and of the pages index.html answers for); the login and sign-up pages
// leave it out (web/build/prerender.ts). On Home, for a returning visitor,
// it draws a picture of the feed they saw last as soon as the parser has
// made its place (features/posts/lastFeedPicture.ts), so that their first
// frame already shows it.
import { loadStoredSession } from './api/storedSession';
import { routeOf } from './app/prerendered';
import { showPicture } from './features/posts/lastFeedPicture';

const session = loadStoredSession();
if (session.token !== null && routeOf(window.location.pathname, import.meta.env.BASE_URL) === '/') {
  void showPicture(session);
}
