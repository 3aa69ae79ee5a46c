/**
 * jsdom has no window.matchMedia; react-hot-toast and the login backdrop ask
 * it. Installs one that answers `matches(query)`. For tests only.
 */
export function stubMatchMedia(matches: (query: string) => boolean = () => false): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
