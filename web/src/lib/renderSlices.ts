// How long React renders before it yields to the browser. By default every
// 5 ms: a tap waits at most that long, and no task of React's counts as a
// long one, even at a phone's speed. While a sign-in opens Home, though,
// each yield let a phone draw a frame of the page being left (the login
// video, a toast's animation), and the move spent more time in those
// frames than in rendering: it renders in slices of 33 ms (a sixth of the
// yields, still under the 50 ms of a long task), and the default returns
// once Home is on screen.
import { unstable_forceFrameRate } from 'scheduler';

/** Slices of 33 ms, for a sign-in's move to Home (app/RequireAuth.tsx). */
export function renderInLongSlices(): void {
  unstable_forceFrameRate(30);
}

/** React's own slices again, once the signed-in frame is on screen (app/layout/AppLayout.tsx). */
export function renderInShortSlices(): void {
  unstable_forceFrameRate(0);
}
