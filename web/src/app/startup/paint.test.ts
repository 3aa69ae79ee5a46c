// The start-up's first phase, before the prerendered page paints: the saved
// theme and the visitor's kind on <html>, and the app's modules let in once
// the page has painted (or at once, for a page meant for the other kind of visitor).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../api/session';
import { THEME_STORAGE_KEY } from '../../features/theme/theme';
import { stillPrerendered } from '../prerendered';
import { holdEarlyTaps, loadModulesAfterPaint, paintForVisitor, releaseEarlyTaps } from './paint';

afterEach(() => {
  document.head.querySelectorAll('[data-test-module], #murmur-app').forEach((node) => node.remove());
  vi.unstubAllGlobals();
});

/** A page whose modules wait in the template, as the build writes it, for `visitor`. */
function templateFor(visitor: 'in' | 'out'): void {
  document.head.insertAdjacentHTML(
    'beforeend',
    `<template id="murmur-app" data-visitor="${visitor}"><link rel="modulepreload" data-test-module href="/a.js"><link rel="modulepreload" data-test-module href="/b.js"></template>`,
  );
}
const inserted = () => document.head.querySelectorAll(':scope > [data-test-module]').length;

/** A browser that reports the first contentful paint when `paint()` is called. */
function paintReportedOn(): { paint: () => void } {
  let entries: { name: string }[] = [];
  let report = () => undefined as void;
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name) => entries.filter((entry) => entry.name === name) as PerformanceEntryList,
  );
  class Observer {
    static supportedEntryTypes = ['paint'];
    constructor(callback: () => void) {
      report = callback;
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return {
    paint: () => {
      entries = [{ name: 'first-contentful-paint' }];
      report();
    },
  };
}

describe('before the first paint', () => {
  it('marks the visitor signed in or out, and applies the saved theme', () => {
    const root = document.createElement('html');
    expect(paintForVisitor(root)).toBe('out');
    expect(root.dataset.session).toBe('out');
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 't', user: { username: 'guest' } }));
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ hue: 152, background: 'lights-out' }));
    expect(paintForVisitor(root)).toBe('in');
    expect(root.dataset.session).toBe('in');
    expect(document.documentElement.dataset.background).toBe('lights-out');
  });

  it("lets this visitor's page's modules in only once it has painted", async () => {
    const { paint } = paintReportedOn();
    templateFor('in');
    const loaded = loadModulesAfterPaint('in');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inserted()).toBe(0);
    paint();
    await loaded;
    expect(inserted()).toBe(2);
  });

  it('lets the modules in at once on a page meant for the other kind of visitor (the app replaces it)', async () => {
    paintReportedOn();
    templateFor('out');
    await loadModulesAfterPaint('in');
    expect(inserted()).toBe(2);
  });
});

describe('a tap before the app hydrates', () => {
  afterEach(() => {
    document.getElementById('root')?.remove();
    delete document.documentElement.dataset.hydrated;
  });

  /** A prerendered page with two buttons whose clicks are counted once the app is in charge. */
  function prerendered() {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="root"><button type="button" id="logout">Log out</button><button type="button" id="like">Like</button></div>',
    );
    const clicks: string[] = [];
    const count = (event: Event) => clicks.push((event.target as Element).id);
    return { clicks, count };
  }

  it('is held, and done once the app has hydrated: the last one, once', () => {
    const { clicks, count } = prerendered();
    holdEarlyTaps();
    document.getElementById('root')!.addEventListener('click', count);
    document.getElementById('like')!.click();
    document.getElementById('logout')!.click();
    expect(clicks).toEqual([]);
    releaseEarlyTaps();
    expect(clicks).toEqual(['logout']);
    expect(document.documentElement.dataset.hydrated).toBe('');
    // From then on a tap is the app's at once.
    document.getElementById('like')!.click();
    expect(clicks).toEqual(['logout', 'like']);
  });

  it('the page is the prerendered one from the visitor mark until the app is in charge', () => {
    delete document.documentElement.dataset.session;
    expect(stillPrerendered()).toBe(false); // rendered by the client alone
    document.documentElement.dataset.session = 'in';
    expect(stillPrerendered()).toBe(true);
    releaseEarlyTaps();
    expect(stillPrerendered()).toBe(false);
  });

  it('is let go when its button is gone or disabled by then', () => {
    const { clicks, count } = prerendered();
    holdEarlyTaps();
    document.getElementById('root')!.addEventListener('click', count);
    const logout = document.getElementById('logout') as HTMLButtonElement;
    logout.click();
    logout.disabled = true;
    releaseEarlyTaps();
    expect(clicks).toEqual([]);
  });
});
