import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { holdBackendRequestsUntil } from '../../lib/backendGate';
import { guestOnRealCore } from '../../testing/realCore';
import { renderWithProviders } from '../../testing/render';
import { HomePage } from './HomePage';

const signedIn = guestOnRealCore();

afterEach(() => holdBackendRequestsUntil(Promise.resolve()));

describe('HomePage', () => {
  it('says it is loading while the backend starts, then shows the feed as the backend answers it', async () => {
    let start = () => undefined as void;
    holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
    const store = makeStore({ preloadedState: { session: signedIn.current().getState().session } });
    renderWithProviders(<HomePage />, { store });
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    await act(async () => start());
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(screen.queryByText('Loading posts')).toBeNull();
    expect(screen.getByRole('textbox', { name: "What's on your mind?" })).toBeInTheDocument();
  });
});
