import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { useLocation, type InitialEntry } from 'react-router-dom';
import { delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/apiSlice';
import { AUTH_STORAGE_KEY, SESSION_ENDED_MESSAGE } from '../api/session';
import { stubMatchMedia } from '../testing/matchMediaStub';
import { createTestServer } from '@murmur/backend/node';
import { renderRoutes } from '../testing/render';
import { AppToaster } from './App';
import { signIn } from '../testing/realCore';
import { makeStore, type AppStore } from './store';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubMatchMedia();
  scrollTo = vi.fn();
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
});
afterEach(() => {
  act(() => toast.remove());
});

/** Shows where the router is, so tests can assert the landing place. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

async function renderApp(route: InitialEntry, store: AppStore = makeStore()) {
  const result = await renderRoutes(route, {
    store,
    inside: (
      <>
        <WhereAmI />
        <AppToaster />
      </>
    ),
  });
  return { ...result, user: userEvent.setup() };
}

const where = () => screen.getByTestId('location').textContent;

async function signedInStore(): Promise<AppStore> {
  const store = makeStore();
  await signIn(store);
  return store;
}

describe('route guard', () => {
  it('sends a visitor without a token from a protected page to /login', async () => {
    await renderApp('/bookmark');
    await waitFor(() => expect(where()).toBe('/login'));
    expect(screen.getByRole('heading', { name: 'Welcome to Murmur' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('after logging in through the form, lands on the remembered page', async () => {
    const { user, store } = await renderApp('/post/p-01?focus=comments');
    await waitFor(() => expect(where()).toBe('/login'));
    await user.type(await screen.findByLabelText('Username'), 'guest');
    await user.type(screen.getByLabelText('Password'), 'guest123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where()).toBe('/post/p-01?focus=comments'));
    expect(store.getState().session.user?.username).toBe('guest');
    expect(await screen.findByText('Welcome Guest')).toBeInTheDocument();
  });

  it('Login As Guest signs in with the demo account and goes home when nothing was remembered', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login As Guest' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('Login As Guest opens Home with its posts already drawn: no loading state, the feed read once, the bookmarks taken from the answer', async () => {
    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
    };
    server.events.on('request:start', onRequest);
    // The feed answers late (then the backend answers it as ever): long enough for Home to show a loading state if it did not wait.
    server.use(
      http.get(/\/api\/posts\/feed/, async () => {
        await delay(300);
      }),
    );
    // Everything the page ever showed, from the click on: a loading state would be caught here.
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      // queryAll: more than one match is no error here.
      if (screen.queryAllByText('Loading posts').length > 0) shown.push('loading');
      const frame = screen.queryAllByRole('navigation', { name: 'Main' }).length > 0;
      if (frame && screen.queryAllByRole('article').length === 0) shown.push('frame only');
    });
    try {
      const { user } = await renderApp('/login');
      await screen.findByRole('button', { name: 'Login As Guest' });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      await user.click(await screen.findByRole('button', { name: 'Login As Guest' }));
      await waitFor(() => expect(where()).toBe('/'));
      expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(shown).toEqual([]);
      expect(requests.filter((r) => r === 'GET /api/posts/feed')).toHaveLength(1);
      expect(requests.filter((r) => r === 'GET /api/users/bookmark')).toHaveLength(0);
      // The guest's bookmarked seed posts show as bookmarked.
      expect(screen.getAllByRole('button', { name: 'Bookmark', pressed: true }).length).toBeGreaterThan(0);
    } finally {
      observer.disconnect();
      server.resetHandlers();
      server.events.removeListener('request:start', onRequest);
    }
  });

  it('a sign-in that goes elsewhere than Home reads nothing of Home', async () => {
    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => requests.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    try {
      const { user } = await renderApp('/theme');
      await user.click(await screen.findByRole('button', { name: 'Login As Guest' }));
      await waitFor(() => expect(where()).toBe('/theme'));
      expect(requests).not.toContain('/api/posts/feed');
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  it('keeps the remembered page across the switch to sign-up, and lands there after signing up', async () => {
    const { user, store } = await renderApp('/theme');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(where()).toBe('/signup'));
    const username = `route_${Date.now()}`;
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('User name'), username);
    await user.type(screen.getByLabelText('Password'), 'cobol1959');
    await user.type(screen.getByLabelText('Confirm password'), 'cobol1959');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(where()).toBe('/theme'));
    expect(store.getState().session.user?.username).toBe(username);
    expect(await screen.findByText('Signup successfully!')).toBeInTheDocument();
  });

  it('opening /login with a token held goes to the remembered page, or home', async () => {
    await renderApp(
      { pathname: '/login', state: { from: { pathname: '/explore', search: '', hash: '' } } },
      await signedInStore(),
    );
    await waitFor(() => expect(where()).toBe('/explore'));
  });

  it('opening /signup with a token held goes home', async () => {
    await renderApp('/signup', await signedInStore());
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('a session from an earlier visit, at /login, reads its bookmarks (the stored user may be out of date)', async () => {
    const store = await signedInStore();
    // A page opened later: no sign-in has answered in it.
    store.dispatch(api.util.resetApiState());
    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => requests.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    try {
      await renderApp('/login', store);
      await waitFor(() => expect(where()).toBe('/'));
      expect(requests.filter((r) => r === '/api/users/bookmark')).toHaveLength(1);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });
});

describe('login and sign-up failures', () => {
  it('a wrong password shows the message and stays on /login', async () => {
    const { user, store } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'guest');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username or password is incorrect')).toBeInTheDocument();
    expect(where()).toBe('/login');
    expect(store.getState().session.token).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled());
  });

  it('a taken user name shows the same message', async () => {
    const { user } = await renderApp('/signup');
    await user.type(screen.getByLabelText('First name'), 'A');
    await user.type(screen.getByLabelText('Last name'), 'B');
    await user.type(screen.getByLabelText('User name'), 'guest');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Username or password is incorrect')).toBeInTheDocument();
    expect(where()).toBe('/signup');
  });

  it('shows "Passwords not matched" while the passwords differ, without blocking submission', async () => {
    const { user, store } = await renderApp('/signup');
    const confirm = screen.getByLabelText('Confirm password');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.type(confirm, 'secret-2');
    expect(screen.getByText('Passwords not matched')).toBeInTheDocument();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('Passwords not matched');
    await user.clear(confirm);
    await user.type(confirm, 'secret-1');
    expect(screen.queryByText('Passwords not matched')).not.toBeInTheDocument();
    await user.type(confirm, 'x');
    expect(screen.getByText('Passwords not matched')).toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'Mis');
    await user.type(screen.getByLabelText('Last name'), 'Match');
    await user.type(screen.getByLabelText('User name'), `mismatch_${Date.now()}`);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(store.getState().session.token).not.toBeNull());
  });

  it('every field is required and labelled', async () => {
    await renderApp('/signup');
    for (const label of ['First name', 'Last name', 'User name', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it('the show/hide toggle reveals the password and reports its state', async () => {
    const { user } = await renderApp('/login');
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('unknown paths', () => {
  it('shows Page Not Found, and Back to Home goes home', async () => {
    const { user } = await renderApp('/no/such/page', await signedInStore());
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('Back to Home without a session ends at /login', async () => {
    const { user } = await renderApp('/nowhere');
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await waitFor(() => expect(where()).toBe('/login'));
  });
});

describe('the session', () => {
  it('a token the backend rejects logs out cleanly and returns to /login', async () => {
    const store = makeStore({
      preloadedState: {
        session: { user: (await signedInStore()).getState().session.user, token: 'not.a.token' },
      },
    });
    await renderApp('/explore', store);
    await waitFor(() => expect(where()).toBe('/login'));
    expect(store.getState().session).toEqual({ user: null, token: null });
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('Log out clears the session and storage, goes to /login, and the next login goes home', async () => {
    const store = makeStore({ persist: true });
    await signIn(store);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
    const { user } = await renderApp('/theme', store);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Login As Guest' }));
    await waitFor(() => expect(where()).toBe('/'));
  });
});

describe('the shell', () => {
  it('marks the current page in the navigation and links the profile to the user', async () => {
    const { user } = await renderApp('/explore', await signedInStore());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    expect(link('Explore')).toHaveAttribute('aria-current', 'page');
    expect(link('Home')).not.toHaveAttribute('aria-current');
    expect(link('Profile')).toHaveAttribute('href', '/profile/guest');
    await user.click(link('BookMarks'));
    await waitFor(() => expect(where()).toBe('/bookmark'));
    expect(link('BookMarks')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /Your profile/ })).toHaveAttribute('href', '/profile/guest');
    expect(screen.getByRole('link', { name: 'Murmur, home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('scrolls to the top when the path changes', async () => {
    const { user } = await renderApp('/', await signedInStore());
    scrollTo.mockClear();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Theme' }));
    await waitFor(() => expect(where()).toBe('/theme'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
