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
