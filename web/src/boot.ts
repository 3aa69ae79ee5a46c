// The one script that runs before the first paint: a classic, render-blocking
// <script src> in <head> (no inline script: the CSP forbids them), built by
// the `murmurBoot` plugin in vite.config.ts. The build's HTML already holds a
// prerendered page (src/app/prerendered.ts), so whatever must be right on the
// first frame is set here:
// - the saved theme, so a dark theme never flashes light;
// - whether a session is saved, so the prerendered page meant for the other
//   kind of visitor stays hidden until the app replaces it (global.css): a
//   signed-in visitor never sees the login form, nor a signed-out one the shell.
import { loadStoredSession } from './api/storedSession';
import { applyTheme, loadTheme } from './features/theme/theme';

applyTheme(loadTheme());
document.documentElement.dataset.session = loadStoredSession().token === null ? 'out' : 'in';
