import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../api/apiSlice';
import { LAST_FEED_ARG } from '../../api/lastFeed';
import { makeStore } from '../../app/store';
import { holdBackendRequestsUntil } from '../../lib/backendGate';
import { guestOnRealCore } from '../../testing/realCore';
import { renderWithProviders } from '../../testing/render';
import { HomePage } from './HomePage';

const signedIn = guestOnRealCore();

afterEach(() => holdBackendRequestsUntil(Promise.resolve()));

describe('HomePage', () => {
  it("draws its first posts in a commit of their own, after the one of the store update that brought them (that update's own render stays short)", async () => {
    // The backend is still starting: Home shows that it is loading.
    let start = () => undefined as void;
    holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
    const store = makeStore({ preloadedState: { session: signedIn.current().getState().session } });
    const answered = () => api.endpoints.getFeed.select(LAST_FEED_ARG)(store.getState()).isSuccess;
    // At each commit: whether the store held the answer, and how many cards the page showed.
    const commits: { answered: boolean; cards: number }[] = [];
    renderWithProviders(
      <Profiler
        id="home"
        onRender={() => commits.push({ answered: answered(), cards: document.querySelectorAll('article').length })}
      >
        <HomePage />
      </Profiler>,
      { store },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
    await act(async () => start());
    expect(await screen.findAllByRole('article')).not.toHaveLength(0);
    const firstAnswered = commits.findIndex((commit) => commit.answered);
    expect(firstAnswered).toBeGreaterThanOrEqual(0);
    // The commit of the answer's own render still shows the loading state; the cards come in a later one.
    expect(commits[firstAnswered]?.cards).toBe(0);
    expect(commits.slice(firstAnswered + 1).some((commit) => commit.cards > 0)).toBe(true);
    expect(screen.queryByText('Loading posts')).toBeNull();
  });
});
