// The start-up's first phase: the prerendered page paints. The build's HTML
// already holds the page (app/prerendered.ts); this runs before its first
// paint, as the render-blocking boot script (src/boot.ts: a classic
// `<script src>`, the CSP allowing no inline script), so that the first frame
// is right for this visitor. No React, no Redux: it is most of that script.
import { loadStoredSession } from '../../api/storedSession';
import { applyTheme, loadTheme } from '../../features/theme/theme';
import type { VisitorKind } from '../prerendered';

/**
 * Applies the saved theme (a dark theme never flashes light) and marks on
 * `<html>` whether a session is saved, so that the prerendered page meant for
 * the other kind of visitor stays hidden until the app replaces it
 * (global.css): a signed-in visitor never sees the login form, nor a
 * signed-out one the shell. Returns the visitor's kind.
 */
export function paintForVisitor(root: HTMLElement = document.documentElement): VisitorKind {
  applyTheme(loadTheme());
  const visitor: VisitorKind = loadStoredSession().token === null ? 'out' : 'in';
  root.dataset.session = visitor;
  return visitor;
}
