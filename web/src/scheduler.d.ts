// React's scheduler exports `unstable_forceFrameRate` (scheduler/index.js and
// its builds) but @types/scheduler does not declare it.
import 'scheduler';

declare module 'scheduler' {
  /** Yields to the browser every 1000 / `fps` ms (0: back to the default, 5 ms). */
  export function unstable_forceFrameRate(fps: number): void;
}
