// The first script that runs before the first paint: a classic, render-blocking
// <script src> in <head> (no inline script: the CSP forbids them), built by
// the `murmurBoot` plugin in vite.config.ts. The build's HTML already holds a
// prerendered page (src/app/prerendered.ts), so whatever must be right on the
// first frame is set here:
// - the saved theme, so a dark theme never flashes light;
// - whether a session is saved, so the prerendered page meant for the other
//   kind of visitor stays hidden until the app replaces it (global.css): a
//   signed-in visitor never sees the login form, nor a signed-out one the shell;
// - the wasm core's download, on a signed-in page (lib/earlyCore.ts);
// - when the app's modules load: every prerendered page holds them in
//   `<template id="murmur-app">` (web/build/prerender.ts), inserted here once
//   the page has painted, or as soon as it is parsed when the page is not
//   this visitor's.
import { loadStoredSession } from './api/storedSession';
import { applyTheme, loadTheme } from './features/theme/theme';
import { yieldToPage } from '@murmur/backend/protocol';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { fetchCoreEarly } from './lib/earlyCore';

applyTheme(loadTheme());
const session = loadStoredSession().token === null ? 'out' : 'in';
document.documentElement.dataset.session = session;

const app = document.getElementById('murmur-app');
if (app instanceof HTMLTemplateElement) {
  // Scripts cloned out of a template run when inserted (they never ran inside
  // it). The entry's script goes in first, then its chunks' modulepreload
  // links one per task: each link costs the main thread a few ms as the
  // browser starts its fetch (3-16 ms at 4x CPU where a service worker
  // answers it), so that four in a task made tasks that Lighthouse's phone
  // counts as long. Between them the page yields without a timer's clamp.
  const load = async () => {
    const nodes = [...document.importNode(app.content, true).childNodes];
    for (let node = nodes.shift(); node; node = nodes.shift()) {
      document.head.append(node);
      if (nodes.length > 0) await yieldToPage();
    }
  };
  // An inserted module script runs as soon as it has loaded, not after the
  // parse as one in the HTML does: inserted before the parser has made
  // #root (it may still be waiting for a script below this one), the app
  // would find no root to start in. So the template goes in once the
  // document is parsed.
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
  // A signed-in page's first post needs the backend's wasm core: it
  // downloads beside the app's modules rather than after them, asked for
  // once the parse has asked for what the first paint needs.
  if (app.dataset.visitor === session) {
    const core = app.dataset.core;
    if (core) void parsed.then(() => fetchCoreEarly(core));
    void Promise.all([afterFirstPaint(), parsed]).then(load);
  } else void parsed.then(load);
}
