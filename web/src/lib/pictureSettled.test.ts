import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_DATA_CHECK_MS } from '../api/lastFeedStorage';
import { pictureSettled } from './pictureSettled';

const marks = document.documentElement.dataset;

afterEach(() => {
  delete marks.lastFeedPicture;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Whether `promise` has settled after the timers and frames due by now have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(40);
  return done;
}

describe('pictureSettled: the app waits for the return visit picture', () => {
  it('does not wait when no picture is being drawn', async () => {
    vi.useFakeTimers();
    expect(await settled(pictureSettled())).toBe(true);
  });

  it('waits while the picture is pending, and resolves once it is shown and its frame is drawn', async () => {
    vi.useFakeTimers();
    marks.lastFeedPicture = 'pending';
    const waiting = pictureSettled();
    expect(await settled(waiting)).toBe(false);
    marks.lastFeedPicture = 'shown';
    expect(await settled(waiting)).toBe(true);
  });

  it('resolves when the picture is given up (its mark taken away)', async () => {
    vi.useFakeTimers();
    marks.lastFeedPicture = 'pending';
    const waiting = pictureSettled();
    expect(await settled(waiting)).toBe(false);
    delete marks.lastFeedPicture;
    expect(await settled(waiting)).toBe(true);
  });

  it('never waits longer than the picture waits for the saved data', async () => {
    vi.useFakeTimers();
    marks.lastFeedPicture = 'pending';
    const waiting = pictureSettled();
    await vi.advanceTimersByTimeAsync(SAVED_DATA_CHECK_MS - 60);
    expect(await settled(waiting)).toBe(false);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait for a frame that never comes (a hidden tab draws none)', async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    marks.lastFeedPicture = 'pending';
    const waiting = pictureSettled();
    marks.lastFeedPicture = 'shown';
    await vi.advanceTimersByTimeAsync(50);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(await settled(waiting)).toBe(true);
  });
});
