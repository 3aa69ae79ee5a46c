import { isRouteErrorResponse, Link, Outlet, useNavigate, useNavigation, useRouteError } from 'react-router';
import { currentSession, signOut } from '../api';

export function Layout() {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const session = currentSession();
  return (
    <>
      <header>
        <h1>Murmur, with webpack</h1>
        <nav>
          <Link to="/">Home</Link>
        </nav>
        {session && (
          <span>
            @{session.username}{' '}
            <button
              type="button"
              onClick={() => {
                signOut();
                void navigate('/signin');
              }}
            >
              Sign out
            </button>
          </span>
        )}
      </header>
      <p role="status">{navigation.state === 'idle' ? '' : 'Loading…'}</p>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** A loader's failure: the API's own message (axios's interceptor in api.ts put it there). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <>
      <p role="alert">{message}</p>
      <Link to="/signin">Sign in</Link>
    </>
  );
}
