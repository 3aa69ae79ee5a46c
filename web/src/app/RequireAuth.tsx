import { useState } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { useAppSelector } from '../api/hooks';
import { selectToken } from '../api/session';

/** Location state that carries where a visitor was going before /login. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const AUTH_PATHS = new Set(['/login', '/signup']);

/** Where to go once signed in: the remembered protected page, else home. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  if (AUTH_PATHS.has(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Protected routes: a visitor without a token goes to /login, which remembers
 * the way here. A session that ends in the app (Log out, or a token the
 * backend refused) goes to /login plainly: whoever signs in next starts at home.
 */
export function RequireAuth() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  const [arrivedSignedIn] = useState(token !== null);
  if (!token) {
    if (arrivedSignedIn) return <Navigate to="/login" replace />;
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * /login and /signup: with a token held, go on to the remembered page or
 * home. After a sign-in here, the page stays on screen while the next one
 * loads (its module and its reads, app/routes.tsx), so that it shows whole,
 * with its posts; a visitor who arrived signed in never sees it.
 */
export function RedirectIfSignedIn() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  const [arrivedSignedIn] = useState(token !== null);
  const to = token ? returnPath(location.state) : null;
  return (
    <>
      {to !== null && <Navigate to={to} replace />}
      {!(to !== null && arrivedSignedIn) && <Outlet />}
    </>
  );
}
