// msw's `setupWorker().start()` reloads the page (`location.reload()`) when
// no service worker controls it while a registration for the worker's script
// exists: its way to get the page controlled. Such pages are common: a page
// opened (a new tab, a typed address, a reload) while the first visit's worker
// is still installing, or a hard reload (Shift+Reload), which bypasses the
// worker. A reload throws away what the visitor typed, so msw is started only
// once a worker controls the page; until then the page is taken as it is.

import { CLAIM_PAGE_MESSAGE } from './workerProtocol.js';

/** Why `worker` rejects: a worker is registered and active but does not take this page over. */
export class PageNotControlledError extends Error {
  constructor(scriptUrl: string) {
    super(
      `The service worker ${scriptUrl} is active but does not control this page (a hard reload bypasses it), ` +
        'and did not take it over when asked: until the next load, only `transport` reaches the backend.',
    );
    this.name = 'PageNotControlledError';
  }
}

export interface ControlOptions {
  /** The worker's script (absolute or relative to the page) and its registration options. */
  url: string;
  options: RegistrationOptions;
  /** How long an active worker may take to claim the page once asked. */
  claimTimeoutMs?: number;
}

/** How long an active worker has to answer `CLAIM_PAGE_MESSAGE` by taking the page over. */
export const CLAIM_TIMEOUT_MS = 5000;

/**
 * Resolves once a service worker controls the page, without ever reloading it:
 * - already controlled: at once;
 * - otherwise the worker is registered (or its registration found), and a
 *   worker still installing or waiting takes the page over when it activates
 *   (msw's worker, and any that imports it, claims its clients then);
 * - an active worker that does not control the page (a hard reload, or a page
 *   that opened while it was activating) is asked to claim it by
 *   `CLAIM_PAGE_MESSAGE`; if the page is still not controlled after
 *   `claimTimeoutMs`, rejects with `PageNotControlledError`.
 * Rejects as `register()` does in a browser that refuses a worker.
 */
export async function whenPageControlled(
  container: ServiceWorkerContainer,
  { url, options, claimTimeoutMs = CLAIM_TIMEOUT_MS }: ControlOptions,
): Promise<void> {
  if (container.controller) return;
  const controlled = new Promise<void>((resolve) =>
    container.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
  const registration = await container.register(url, options);
  for (;;) {
    if (container.controller) return;
    const incoming = registration.installing ?? registration.waiting;
    if (incoming) {
      // Its activation claims the page; if its install fails, the active worker (if any) is asked below.
      await Promise.race([controlled, settled(incoming)]);
      continue;
    }
    const active = registration.active;
    if (!active) throw new Error(`The service worker ${url} did not install.`);
    active.postMessage(CLAIM_PAGE_MESSAGE);
    const claimed = await Promise.race([controlled.then(() => true), delay(claimTimeoutMs).then(() => false)]);
    if (claimed || container.controller) return;
    throw new PageNotControlledError(active.scriptURL);
  }
}

/** Resolves once `worker` is activated or redundant (a failed install). */
function settled(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state !== 'activated' && worker.state !== 'redundant') return;
      worker.removeEventListener('statechange', check);
      resolve();
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
