import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query `query` matches, following changes live.
 * `fallback` is the answer where there is no `matchMedia` (a prerender at
 * build time, jsdom) and during hydration, so that the first render matches
 * the page in the HTML.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () =>
    typeof window === 'undefined' || typeof window.matchMedia !== 'function'
      ? fallback
      : window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => fallback);
}
