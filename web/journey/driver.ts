// What the shared journey (journey.ts) needs from a browser engine. Each
// engine has a thin adapter in engines/: Chromium through Playwright, Firefox
// through puppeteer-core over WebDriver BiDi, WebKitGTK through Selenium and
// WebKitWebDriver. Everything else (what to click, what to wait for, how long)
// lives in the journey, once.

/** An element: the first one matching `css` whose trimmed text or aria-label is `text` (when given). */
export interface Target {
  css: string;
  text?: string;
}

export interface Tab {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Evaluates a JavaScript expression in the page (a promise is awaited); its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** A real click (pointer events), after scrolling the element into view. */
  click(target: Target): Promise<void>;
  /** Types into a text field, key by key. */
  type(target: Target, text: string): Promise<void>;
  /** Picks a file in an `<input type="file">`. */
  upload(target: Target, path: string): Promise<void>;
  screenshot(path: string): Promise<void>;
}

export interface Engine {
  /** The first tab. */
  tab: Tab;
  /** Opens another tab of the same browser profile (same storage, same service worker). */
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}

/**
 * Finds a Target in the page: the source of a function of (css, text),
 * evaluated in the page by every adapter, so that all three engines pick
 * the same element.
 */
export const FIND_ELEMENT = `(css, text) => {
  const named = (el) => [el.textContent, el.getAttribute('aria-label')].some((s) => (s ?? '').trim() === text);
  return [...document.querySelectorAll(css)].find((el) => text == null || named(el)) ?? null;
}`;

/** The expression that evaluates to the Target's element (or null). */
export function findExpression(target: Target): string {
  return `(${FIND_ELEMENT})(${JSON.stringify(target.css)}, ${JSON.stringify(target.text ?? null)})`;
}

export function describe(target: Target): string {
  return target.text == null ? target.css : `${target.css} "${target.text}"`;
}

/** What Playwright's and Puppeteer's pages have alike: a handle from an expression. */
interface HandlePage<E> {
  evaluateHandle(expression: string): Promise<{ asElement(): E | null }>;
}

/** The Target's element handle in a Playwright or Puppeteer page. */
export async function elementHandle<E>(page: HandlePage<E>, target: Target): Promise<E> {
  const found = (await page.evaluateHandle(findExpression(target))).asElement();
  if (!found) throw new Error(`no element ${describe(target)}`);
  return found;
}
