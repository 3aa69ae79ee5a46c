// The Content-Security-Policy the site ships: only what the app needs. The
// production build puts it in index.html as a <meta> (which every static host
// keeps), and scripts/build.sh writes it into `_headers` (Netlify, Cloudflare
// Pages) with the directives a <meta> cannot carry.
//
// - script-src: the app's own modules; 'wasm-unsafe-eval' compiles the core's
//   wasm (no JavaScript eval is allowed).
// - style-src 'unsafe-inline': the lazy emoji picker writes <style>
//   elements at run time. Styles only: no script runs.
// - img-src/media-src blob:: the preview of a picked file before its upload is
//   an object URL the page made. img-src data:: the emoji picker's own CSS
//   draws its icons as data: SVGs (a data: image fetches nothing; URLs from
//   data are never rendered as data: anyway, lib/assets.ts). No other origin.
// - worker-src: msw's service worker and the backend's own worker, from the
//   site itself.
// - connect-src: the site itself, and the server a build names as its
//   backend (`VITE_MURMUR_API`, web/src/app/startup/backend.ts) when that is
//   another origin.

/** The origin of the API server the build is told of, when it is not the site's own. */
function apiOrigin() {
  const api = process.env.VITE_MURMUR_API;
  if (!api || !/^https?:\/\//i.test(api)) return [];
  return [new URL(api).origin];
}

/** @type {Record<string, string[]>} */
const DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'blob:', 'data:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", ...apiOrigin()],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Only honoured as an HTTP header: in a <meta> the browser ignores them (and says so on the console). */
const HEADER_ONLY = { 'frame-ancestors': ["'none'"] };

function serialise(directives) {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The policy for the <meta http-equiv="Content-Security-Policy"> in index.html. */
export const CSP_META = serialise(DIRECTIVES);

/** The policy for the Content-Security-Policy header. */
export const CSP_HEADER = serialise({ ...DIRECTIVES, ...HEADER_ONLY });
