// Functions the benches run inside the page (passed to page.evaluate or
// addInitScript, so each is self-contained): shared by the bench files (startup.mjs,
// persistence-app.mjs and others).

/**
 * Records, from the very start of the document, when the first post card
 * shows: in `window.__murmurFirstPost` (and `__murmurFirstPostDom`), or
 * under `key` when given `{ selector, key }`.
 */
export function watchFirstPost(watch) {
  const { selector, key = '__murmurFirstPost' } = typeof watch === 'string' ? { selector: watch } : watch;
  const done = () => window[key] !== undefined;
  const check = () => {
    if (done()) return;
    const el = document.querySelector(selector);
    // Laid out and visible (the return visit's picture is laid out hidden until its data is checked).
    const visible = el && (el.checkVisibility?.({ visibilityProperty: true, opacityProperty: true }) ?? true);
    if (el && visible && el.getBoundingClientRect().height > 0) {
      window[`${key}Dom`] = performance.now();
      // The frame that shows it: after the next animation frame's paint.
      requestAnimationFrame(() => setTimeout(() => (window[key] = performance.now()), 0));
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'hidden'],
  });
}

/**
 * Likes a post near the viewport: clicks the heart of the last visible card,
 * waits for the liked state in the DOM, then for the frame that paints it.
 * Returns ms from the click: { dom, paint }.
 */
export const likeVisiblePost = async (selector) => {
  const cards = [...document.querySelectorAll(selector)].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight;
  });
  const card = cards[cards.length - 1] ?? document.querySelector(selector);
  const button =
    card?.querySelector('button.post-card__like') ?? card?.querySelector('button[aria-pressed][aria-label*="ike" i]');
  if (!card || !button) throw new Error('no like button in a post card');
  const before = `${button.getAttribute('aria-pressed')}|${button.getAttribute('aria-label')}|${card.textContent}`;
  const start = performance.now();
  const changed = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      const now = `${button.getAttribute('aria-pressed')}|${button.getAttribute('aria-label')}|${card.textContent}`;
      if (now !== before) {
        obs.disconnect();
        resolve(performance.now());
      }
    });
    obs.observe(card, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  button.click();
  const dom = await Promise.race([changed, new Promise((r) => setTimeout(() => r(NaN), 10_000))]);
  const painted = await new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
  return { dom: dom - start, paint: painted - start };
};
