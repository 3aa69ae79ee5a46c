// The start-up's first phase: the prerendered page paints. The build's HTML
// already holds the page (app/prerendered.ts); this runs before its first
// paint, as the render-blocking boot script (src/boot.ts: a classic
// `<script src>`, the CSP allowing no inline script), so that the first frame
// is right for this visitor, and it lets the app's modules in once that frame
// is painted. No React, no Redux: it is all of that script.
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

/**
 * Resolves once the browser reports the page's first contentful paint (a
 * frame callback can run before the paint it precedes is presented), or
 * half a second after the load event in a browser or tab that reports none
 * (a background tab paints nothing until it is shown).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (painted()) return resolve();
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver(() => {
        if (!painted()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    }
    const fallback = () => setTimeout(resolve, 500);
    if (document.readyState === 'complete') fallback();
    else window.addEventListener('load', fallback, { once: true });
  });
}

/**
 * Lets the app's modules in: every prerendered page holds its module script
 * and their preloads in `<template id="murmur-app">` (web/build/prerender.ts),
 * which go into <head> once the page has painted, or as soon as it is parsed
 * when the page is not this visitor's (it is replaced). Never before the
 * parse: an inserted module script runs as soon as it has loaded, not after
 * the parse as one in the HTML does, and the app would find no `#root` yet.
 */
export async function loadModulesAfterPaint(visitor: VisitorKind, doc: Document = document): Promise<void> {
  const app = doc.getElementById('murmur-app');
  if (!(app instanceof HTMLTemplateElement)) return;
  const parsed = new Promise<void>((resolve) => {
    if (doc.readyState !== 'loading') resolve();
    else doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
  await (app.dataset.visitor === visitor ? Promise.all([afterFirstPaint(), parsed]) : parsed);
  doc.head.append(doc.importNode(app.content, true));
}

/** Marks the control a tap reached before the app hydrated (see `holdEarlyTaps`). */
const HELD_TAP = 'data-held-tap';
/** What a tap may be held for: buttons, and the choices a click would check (a theme's radios). */
const CONTROLS = 'button, input[type="radio"], input[type="checkbox"]';

/**
 * A prerendered page's controls are plain HTML until the app hydrates it: a
 * tap on a button would do nothing, one on a radio would be undone. Until
 * `<html data-hydrated>` is set (render.tsx, once React has hydrated), such a
 * tap is held: the control is marked, and `releaseEarlyTaps` clicks it again
 * once it works. Meanwhile global.css shows them as not ready yet. Links need nothing:
 * they navigate without the app, to a prerendered page.
 */
export function holdEarlyTaps(doc: Document = document): void {
  const hold = (event: MouseEvent) => {
    if ('hydrated' in doc.documentElement.dataset) return doc.removeEventListener('click', hold, true);
    const target =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement | HTMLInputElement>(CONTROLS) : null;
    if (!target || target.disabled || !target.closest('#root')) return;
    event.preventDefault();
    event.stopPropagation();
    // The last tap wins: a second one on another button is what was meant.
    doc.querySelectorAll(`[${HELD_TAP}]`).forEach((held) => held.removeAttribute(HELD_TAP));
    target.setAttribute(HELD_TAP, '');
  };
  doc.addEventListener('click', hold, true);
}

/** Says the app is in charge, and clicks the control a tap was held for, if it is still on the page and enabled. */
export function releaseEarlyTaps(doc: Document = document): void {
  doc.documentElement.dataset.hydrated = '';
  const held = doc.querySelector<HTMLButtonElement | HTMLInputElement>(`[${HELD_TAP}]`);
  held?.removeAttribute(HELD_TAP);
  if (held?.isConnected && !held.disabled) held.click();
}
