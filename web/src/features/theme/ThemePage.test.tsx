import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeSync } from '../../app/App';
import { makeStore } from '../../app/store';
import { createTestServer } from '@murmur/backend/node';
import { renderRoutes } from '../../testing/render';
import { signIn } from '../../testing/realCore';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { THEME_STORAGE_KEY } from './theme';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  stubMatchMedia();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

function WhereAmI() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function renderAt(route: string) {
  const store = makeStore({ persist: true });
  await signIn(store);
  const result = await renderRoutes(route, {
    store,
    inside: (
      <>
        <ThemeSync />
        <WhereAmI />
      </>
    ),
  });
  return { ...result, user: userEvent.setup() };
}

describe('Theme page', () => {
  it('offers five accents and three backgrounds as radio groups', async () => {
    await renderAt('/theme');
    const accents = within(screen.getByRole('group', { name: 'Accent colour' })).getAllByRole('radio');
    expect(accents).toHaveLength(5);
    const backgrounds = within(screen.getByRole('group', { name: 'Background' })).getAllByRole('radio');
    expect(backgrounds.map((r) => r.closest('label')?.textContent)).toEqual(['Light', 'Dim', 'Lights Out']);
    expect(screen.getByRole('radio', { name: 'Violet' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Demo data' })).toBeInTheDocument();
  });

  it('applies a choice to <html> at once and keeps it in localStorage', async () => {
    const { user, store } = await renderAt('/theme');
    await user.click(screen.getByRole('radio', { name: 'Emerald' }));
    await user.click(screen.getByRole('radio', { name: 'Lights Out' }));
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--hue')).toBe('152');
    expect(root.dataset.background).toBe('lights-out');
    expect(root.style.getPropertyValue('--l-page')).toBe('0%');
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? '{}')).toEqual({ hue: 152, background: 'lights-out' });
    expect(store.getState().theme).toEqual({ hue: 152, background: 'lights-out' });
  });

  it('is operable with the keyboard: arrow keys move the choice', async () => {
    const { user } = await renderAt('/theme');
    screen.getByRole('radio', { name: 'Light' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Dim' })).toBeChecked();
    expect(document.documentElement.dataset.background).toBe('dim');
  });

  it('keeps the theme when logging out', async () => {
    const { user, store } = await renderAt('/theme');
    await user.click(screen.getByRole('radio', { name: 'Rose' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().theme.hue).toBe(352);
  });

  it('Go Back returns to the previous page', async () => {
    const { user } = await renderAt('/explore');
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Theme' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/theme'));
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/explore'));
  });

  it('Go Back with no earlier page goes home', async () => {
    const { user } = await renderAt('/theme');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
