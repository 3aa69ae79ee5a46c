// Made ahead of the first card: the date formatters of lib/time.ts, whose
// first use loads the locale's data.
import { fullDate, shortDate } from './time';

/** Makes the page's formatters (a few ms once the locale's data is in). */
function makeDateFormats(): void {
  const now = new Date();
  shortDate(now);
  fullDate(now);
}

/**
 * Makes the formatters ahead of the first card, without a long task. The
 * first date formatter a browser process makes loads the locale's data (ICU)
 * in one piece (bench/NOTES.md, item 18): a feed's first render would wait
 * for it, and made on its own it is a long task that holds up a tap. That data is shared by the whole
 * process, so a worker (./dateFormatsWorker.ts) makes the first formatters
 * on its own thread; the page's own, made once it has (and the page is
 * idle), then cost a few ms. Where a worker cannot start, the formatters are
 * made on the page, as at their first use. The app calls this as it starts
 * (app/startup).
 */
export function prepareDateFormats(whenIdle: () => Promise<void>): Promise<void> {
  const warmed = new Promise<void>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./dateFormatsWorker.ts', import.meta.url), { type: 'module' });
    } catch {
      return resolve();
    }
    const done = () => {
      worker.terminate();
      resolve();
    };
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  });
  return warmed.then(whenIdle).then(makeDateFormats);
}
