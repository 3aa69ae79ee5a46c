import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { Toasts } from '../../components/Toasts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { offerReloadOnNewVersion } from './updates';

/** A service worker container: only what the module reads. */
function workers(controlled: boolean): ServiceWorkerContainer {
  const container = new EventTarget() as ServiceWorkerContainer;
  Object.defineProperty(container, 'controller', { value: controlled ? ({} as ServiceWorker) : null });
  return container;
}

const OFFER = 'A new version of Murmur is ready.';

beforeEach(() => stubMatchMedia());
afterEach(() => {
  act(() => toast.remove());
});

describe('the new-version offer', () => {
  it('shows once a new worker takes over a page that had one, and reloads on request', async () => {
    const reload = vi.fn();
    const container = workers(true);
    render(<Toasts />);
    offerReloadOnNewVersion(container, reload);
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();

    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(await screen.findByText(OFFER)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the first visit’s worker takes over a page that had none', () => {
    const container = workers(false);
    render(<Toasts />);
    offerReloadOnNewVersion(container, vi.fn());
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
  });

  it('names the build the page runs', () => {
    offerReloadOnNewVersion(undefined, vi.fn());
    expect(document.documentElement.dataset.build).toBe(import.meta.env.VITE_BUILD_ID ?? 'dev');
  });
});
