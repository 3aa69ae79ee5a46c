import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Each new path starts at the top of the page (docs/product.md, "Screens"). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
