import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * Whether the page's scripts are in charge: false in the build's prerender
 * and while React hydrates its HTML, true from then on (and at once in a
 * page rendered on the client). A prerendered form disables its buttons
 * until then: submitted without its script, it would do nothing useful.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
