import { useLayoutEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../api/hooks';
import { selectToken } from '../api/session';
import { startSignInReads } from '../api/signInReads';
import { renderInLongSlices } from '../lib/renderSlices';
import { selectFilter } from '../features/posts/feedSlice';

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

/** /login and /signup: with a token held, go on to the remembered page or home. */
export function RedirectIfSignedIn() {
  const token = useAppSelector(selectToken);
  const filter = useSelector(selectFilter);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const to = token ? returnPath(location.state) : null;
  // Home's first reads start before the navigation (a layout effect runs
  // before Navigate's): Home then opens with its posts (api/signInReads.ts).
  useLayoutEffect(() => {
    if (to === '/' && token) {
      startSignInReads(dispatch, { scope: 'home', filter }, token);
      renderInLongSlices();
    }
  }, [to, token, dispatch, filter]);
  if (to !== null) return <Navigate to={to} replace />;
  return <Outlet />;
}
