import { SAVED_DATA_CHECK_MS } from '../api/lastFeedStorage';

/** How long the app waits for the frame that shows the picture (none comes in a hidden tab). */
const FRAME_WAIT_MS = 100;

/**
 * Resolves once the picture of a returning visitor's feed (src/bootPicture.ts)
 * is on screen or given up, and the frame showing it has been drawn; at once
 * when no picture is being drawn (`<html data-last-feed-picture="pending">`
 * is set by the picture script, which runs before any module). Bounded by the
 * picture's own wait for the saved data.
 */
export function pictureSettled(doc: Document = document): Promise<void> {
  const marks = doc.documentElement.dataset;
  if (marks.lastFeedPicture !== 'pending') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      // The frame that shows the picture is drawn before the app's modules
      // run; a hidden tab draws no frame, and its app starts all the same.
      let gone = false;
      const go = () => {
        if (gone) return;
        gone = true;
        setTimeout(resolve, 0);
      };
      requestAnimationFrame(go);
      setTimeout(go, FRAME_WAIT_MS);
    };
    const observer = new MutationObserver(() => {
      if (marks.lastFeedPicture !== 'pending') done();
    });
    observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['data-last-feed-picture'] });
    const timer = setTimeout(done, SAVED_DATA_CHECK_MS);
  });
}
