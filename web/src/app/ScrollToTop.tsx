import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Each new path starts at the top of the page (docs/product.md, "Screens").
 * The path a document opens with is left where the visitor is: they may have
 * scrolled its prerendered page before the app ran, and the app's render
 * must not move it.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
