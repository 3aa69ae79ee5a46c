import { act, render } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from './Toasts';

/** A stand-in for the browser's ResizeObserver: the test says when layout has happened. */
class FakeResizeObserver {
  static live = new Set<FakeResizeObserver>();
  constructor(private readonly callback: () => void) {}
  observe() {
    FakeResizeObserver.live.add(this);
  }
  disconnect() {
    FakeResizeObserver.live.delete(this);
  }
  static layout() {
    for (const observer of [...FakeResizeObserver.live]) observer.callback();
  }
}

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeResizeObserver.live.clear();
});

describe('Toasts', () => {
  it("measures a toast once the browser has laid it out, never during React's commit, and stacks the next below it", () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const reads = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
    const { container } = render(<Toasts />);
    act(() => void toast.success('Welcome back, Guest!'));
    // Rendered and committed: its height not read yet (that would force a layout mid-commit).
    expect(container.querySelectorAll('.toast')).toHaveLength(1);
    expect(reads).not.toHaveBeenCalled();
    act(() => FakeResizeObserver.layout());
    expect(reads).toHaveBeenCalledTimes(1);
    expect(FakeResizeObserver.live.size).toBe(0);

    act(() => void toast.error('Something failed'));
    act(() => FakeResizeObserver.layout());
    // The newest on top; the first moved down by its height and the 8 px gutter.
    const offsets = [...container.querySelectorAll<HTMLElement>('.toast')].map((el) => el.style.translate);
    expect(offsets).toContain('-50% 48px');
    expect(offsets).toContain('-50% 0px');
  });
});
