// A page no service worker controls is taken over, never reloaded: msw is
// started only once `whenPageControlled` settles (browser/index.ts).
import { describe, expect, it, vi } from 'vitest';
import { CLAIM_PAGE_MESSAGE } from '../protocol.js';
import { PageNotControlledError, whenPageControlled } from './workerControl.js';

const URL_ = '/sw.js';
const SCOPE = { scope: '/' };

class FakeWorker extends EventTarget {
  readonly scriptURL = 'http://127.0.0.1/sw.js';
  readonly messages: unknown[] = [];
  /** What the worker does with a message: by default nothing (msw's own worker). */
  onMessage: (data: unknown) => void = () => undefined;
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(data: unknown) {
    this.messages.push(data);
    this.onMessage(data);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
}

/** A page's `navigator.serviceWorker`: `claim` is a worker's `clients.claim()` reaching this page. */
class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  readonly registration = new FakeRegistration();
  register = vi.fn(async (_url: string, _options?: RegistrationOptions) => this.registration);
  claim(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
  /** The incoming worker activates (and, as msw's does, claims its pages). */
  activate(worker: FakeWorker) {
    this.registration.installing = null;
    this.registration.waiting = null;
    this.registration.active = worker;
    this.claim(worker);
    worker.become('activated');
  }
}

const control = (container: FakeContainer, claimTimeoutMs?: number) =>
  whenPageControlled(container as unknown as ServiceWorkerContainer, { url: URL_, options: SCOPE, claimTimeoutMs });

/** Whether `promise` has settled after the pending tasks ran. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('whenPageControlled', () => {
  it('a page a worker controls (any visit after the first) goes on at once, registering nothing', async () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated');
    await control(container);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('a first visit registers the worker and goes on once its activation has claimed the page', async () => {
    const container = new FakeContainer();
    const incoming = new FakeWorker('installing');
    container.register.mockImplementation(async () => {
      container.registration.installing = incoming;
      return container.registration;
    });
    const controlled = control(container);
    expect(await settledYet(controlled)).toBe(false); // installing: the page is left as it is
    expect(container.register).toHaveBeenCalledWith(URL_, SCOPE);
    container.activate(incoming);
    await controlled;
    expect(container.controller).toBe(incoming);
    expect(incoming.messages).toEqual([]);
  });

  it('a page opened while the worker is still installing waits for its activation, asking nothing', async () => {
    const container = new FakeContainer();
    const incoming = new FakeWorker('installed');
    container.registration.waiting = incoming;
    const controlled = control(container);
    expect(await settledYet(controlled)).toBe(false);
    container.activate(incoming);
    await controlled;
    expect(incoming.messages).toEqual([]);
  });

  it('a hard reload (active worker, page not controlled) asks the worker to claim the page', async () => {
    const container = new FakeContainer();
    const active = new FakeWorker('activated');
    active.onMessage = (data) => {
      if (data === CLAIM_PAGE_MESSAGE) setTimeout(() => container.claim(active), 5);
    };
    container.registration.active = active;
    await control(container);
    expect(active.messages).toEqual([CLAIM_PAGE_MESSAGE]);
    expect(container.controller).toBe(active);
  });

  it('an active worker that never claims the page: rejects with PageNotControlledError, after the timeout', async () => {
    const container = new FakeContainer();
    container.registration.active = new FakeWorker('activated'); // msw's own worker ignores the message
    const started = Date.now();
    const controlled = control(container, 100);
    await expect(controlled).rejects.toBeInstanceOf(PageNotControlledError);
    await expect(controlled).rejects.toThrow('does not control this page');
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('an update that fails to install leaves the active worker, which is asked to claim the page', async () => {
    const container = new FakeContainer();
    const active = new FakeWorker('activated');
    const incoming = new FakeWorker('installing');
    active.onMessage = () => container.claim(active);
    container.registration.active = active;
    container.registration.installing = incoming;
    const controlled = control(container);
    expect(await settledYet(controlled)).toBe(false);
    container.registration.installing = null;
    incoming.become('redundant');
    await controlled;
    expect(container.controller).toBe(active);
  });

  it('a first install that fails rejects, and so does a browser that refuses a worker', async () => {
    const container = new FakeContainer();
    const incoming = new FakeWorker('installing');
    container.registration.installing = incoming;
    const controlled = control(container);
    container.registration.installing = null;
    incoming.become('redundant');
    await expect(controlled).rejects.toThrow('did not install');

    const refusing = new FakeContainer();
    refusing.register.mockRejectedValue(new DOMException('The user denied permission', 'SecurityError'));
    await expect(control(refusing)).rejects.toThrow('denied');
  });
});
