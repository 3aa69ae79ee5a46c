import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareDateFormats } from './dateFormats';
import { fullDate, relativeTime, shortDate } from './time';

const now = new Date(2026, 10, 21, 12, 0, 0); // 21 Nov 2026, 12:00 local
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('relativeTime', () => {
  it('counts seconds up to 59', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(1 * S), now)).toBe('1 second ago');
    expect(relativeTime(ago(59 * S), now)).toBe('59 seconds ago');
  });

  it('switches to minutes at 60 s and to hours at 60 min', () => {
    expect(relativeTime(ago(60 * S), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MIN + 59 * S), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(60 * MIN), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * H + 59 * MIN), now)).toBe('23 hours ago');
  });

  it('counts days from 24 h up to 30 days', () => {
    expect(relativeTime(ago(24 * H), now)).toBe('1 day ago');
    expect(relativeTime(ago(2 * D), now)).toBe('2 days ago');
    expect(relativeTime(ago(30 * D), now)).toBe('30 days ago');
  });

  it('counts months from 31 days up to 11 months', () => {
    expect(relativeTime(ago(31 * D), now)).toBe('1 month ago');
    expect(relativeTime(new Date(2026, 7, 21, 12), now)).toBe('3 months ago');
    expect(relativeTime(new Date(2025, 11, 21, 12), now)).toBe('11 months ago');
    expect(relativeTime(new Date(2025, 10, 21, 12, 1), now)).toBe('11 months ago');
  });

  it('shows a short date from 12 months on', () => {
    expect(relativeTime(new Date(2025, 10, 21, 12), now)).toBe('Nov 21, 2025');
    expect(relativeTime(new Date(2023, 0, 5, 9), now)).toBe('Jan 5, 2023');
  });

  it('reads ISO strings with an offset, and treats a clock ahead of ours as now', () => {
    const iso = new Date(now.getTime() - 5 * MIN).toISOString().replace('Z', '+00:00');
    expect(relativeTime(iso, now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now.getTime() + 3 * S), now)).toBe('just now');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('date formats', () => {
  it('writes the short and the full date', () => {
    const date = new Date(2023, 0, 5, 9, 30);
    expect(shortDate(date)).toBe('Jan 5, 2023');
    expect(fullDate(date)).toMatch(/^Thursday, January 5, 2023 at 9:30/);
  });
});

describe('prepareDateFormats', () => {
  /** A stand-in for the browser's Worker: records what the page asked of it. */
  class FakeWorker extends EventTarget {
    static made: FakeWorker[] = [];
    terminated = false;
    constructor(
      readonly url: URL | string,
      readonly options?: WorkerOptions,
    ) {
      super();
      FakeWorker.made.push(this);
    }
    terminate() {
      this.terminated = true;
    }
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return done;
  };

  it('waits for the worker that loads the locale data, then for the idle page, and ends the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    let idle!: () => void;
    const whenIdle = () => new Promise<void>((resolve) => (idle = resolve));
    const prepared = prepareDateFormats(whenIdle);
    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(String(worker?.url)).toMatch(/\/dateFormatsWorker\.ts/);
    expect(worker?.options).toEqual({ type: 'module' });
    expect(await settled(prepared)).toBe(false);
    worker?.dispatchEvent(new MessageEvent('message', { data: 'ready' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(worker?.terminated).toBe(true);
    expect(await settled(prepared)).toBe(false); // the page is not idle yet
    idle();
    expect(await settled(prepared)).toBe(true);
  });

  it('goes on without the worker when it fails or cannot start', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const failing = prepareDateFormats(() => Promise.resolve());
    FakeWorker.made[0]?.dispatchEvent(new Event('error'));
    expect(await settled(failing)).toBe(true);
    expect(FakeWorker.made[0]?.terminated).toBe(true);

    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused by the content security policy', 'SecurityError');
        }
      },
    );
    expect(await settled(prepareDateFormats(() => Promise.resolve()))).toBe(true);
    expect(shortDate(new Date(2023, 0, 5))).toBe('Jan 5, 2023');
  });

  it('the worker makes both formats and says so', async () => {
    const posted = vi.fn();
    vi.stubGlobal('postMessage', posted);
    const made: unknown[][] = [];
    const Original = Intl.DateTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: class extends Original {
        constructor(...args: ConstructorParameters<typeof Original>) {
          super(...args);
          made.push(args);
        }
      },
    });
    await import('./dateFormatsWorker');
    expect(made).toEqual([
      ['en-US', { month: 'short', day: 'numeric', year: 'numeric' }],
      ['en-US', { dateStyle: 'full', timeStyle: 'short' }],
    ]);
    expect(posted).toHaveBeenCalledWith('ready');
  });
});
