// The start-up's third phase: the data router loads the first route's
// modules and runs its loaders, then React hydrates the prerendered page
// when it is this visitor's first render (with the state it was prerendered
// with), and renders afresh otherwise.
import { act, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../routes';
import { PRERENDERED_SESSION } from '../prerendered';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { guestOnRealCore } from '../../testing/realCore';
import { prerenderedState, renderApp, whenRouterReady } from './render';

const session = guestOnRealCore();
const NO_NOTICES = new Promise<string[]>(() => undefined);

let container: HTMLElement;
beforeEach(() => {
  stubMatchMedia();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => container.remove());

describe('the render phase', () => {
  it('hydrates with the prerendered session, not the real one: the first render is the HTML', () => {
    const state = session.current().getState();
    expect(prerenderedState(state).session).toEqual(PRERENDERED_SESSION);
    expect(prerenderedState({ ...state, session: { user: null, token: null } }).session.token).toBeNull();
    expect(prerenderedState(state).theme).toBe(state.theme);
  });

  it("the router is ready once the first route's modules and loaders are in", async () => {
    const router = createMemoryRouter(appRoutes(session.current()), { initialEntries: ['/explore'] });
    expect(router.state.initialized).toBe(false);
    await whenRouterReady(router);
    expect(router.state.initialized).toBe(true);
    expect(router.state.matches.at(-1)?.route.path).toBe('explore');
  });

  it('renders afresh over a page that is not this first render, and takes the marks off', async () => {
    const store = session.current();
    container.dataset.prerenderedPath = '/login';
    container.dataset.prerenderedSession = 'out';
    container.innerHTML = '<form class="auth__form">prerendered</form>';
    const router = createMemoryRouter(appRoutes(store), { initialEntries: ['/explore'] });
    await whenRouterReady(router);
    const root = await act(async () =>
      renderApp(container, { store, router, serverState: prerenderedState(store.getState()), notices: NO_NOTICES }),
    );
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(container.querySelector('.auth__form')).toBeNull();
    expect(container.dataset.prerenderedPath).toBeUndefined();
    act(() => root.unmount());
  });
});
