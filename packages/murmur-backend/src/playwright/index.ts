// `@murmur/backend/playwright`: Playwright's `test` and `expect` with a
// `murmur` fixture (docs/testing.md, "Playwright"), as `@msw/playwright`
// extends them. Server mode: each test gets a sandbox of its own on a
// `murmur-backend serve` (forked from a prepared one when `from` names it),
// its header set on the page's context and on `murmur.request`, deleted
// after the test. The in-tab mode (a fresh context's own backend) waits for
// the backend's worker: configuring no `server` says so.

import { test as base, expect as baseExpect, type APIRequestContext } from '@playwright/test';
import type { FaultOptions, ReceivedRequest, RequestFilter, StubOptions } from '../core/testState.js';
import { checkReceived, type ExpectedRequest } from '../core/verify.js';

export type { ExpectedRequest, FaultOptions, ReceivedRequest, RequestFilter, StubOptions };

export interface MurmurOptions {
  /** The server's address, its base path included (`http://127.0.0.1:4000/`). */
  server?: string;
  /** A sandbox prepared once (a global setup): every test starts from a fork of it. Left out, from the main state. */
  from?: string;
  /** Where the app keeps its session in localStorage (Murmur's app: `murmur.auth`, `{user, token}`). */
  sessionKey?: string;
}

export interface Murmur {
  /** This test's sandbox. */
  readonly sandbox: string;
  /** An API client on this test's sandbox (`baseURL` is the server). */
  readonly request: APIRequestContext;
  /** Signs the page in as `username` (password: the seed's, `guest123` for the guest) without the login form (the session stored as the app stores it); resolves with the token. */
  signIn(username: string, password?: string): Promise<string>;
  stub(stub: StubOptions): Promise<void>;
  fail(fault: FaultOptions): Promise<void>;
  /** What this test's backend received, oldest first (passwords and tokens `[redacted]`). */
  requests(filter?: RequestFilter): Promise<ReceivedRequest[]>;
  readonly clock: {
    set(iso: string): Promise<void>;
    advance(ms: number): Promise<void>;
    resume(): Promise<void>;
    real(): Promise<void>;
  };
}

const SANDBOX_HEADER = 'X-Murmur-Sandbox';
const NO_SERVER =
  "@murmur/backend/playwright: set use: { murmurOptions: { server: 'http://127.0.0.1:4000/' } } and run `murmur-backend serve` (the in-tab mode is not there yet)";

/** Throws with the server's message unless `res` is 2xx. */
async function ok(res: { ok(): boolean; status(): number; text(): Promise<string> }, what: string): Promise<void> {
  if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${await res.text()}`);
}

export const test = base.extend<{ murmur: Murmur; murmurOptions: MurmurOptions }>({
  murmurOptions: [{}, { option: true }],
  murmur: async ({ context, murmurOptions, playwright }, use, testInfo) => {
    const { server, from, sessionKey = 'murmur.auth' } = murmurOptions;
    if (!server) throw new Error(NO_SERVER);
    const sandbox = `pw-${testInfo.workerIndex}-${testInfo.testId}-${testInfo.retry}`
      .replace(/[^A-Za-z0-9_-]/g, '-')
      .slice(0, 64);
    const headers = { [SANDBOX_HEADER]: sandbox };
    const request = await playwright.request.newContext({ baseURL: server, extraHTTPHeaders: headers });
    const control = (path: string, method: string, data?: unknown) =>
      request.fetch(`__murmur/${path}`, { method, data, headers: { 'content-type': 'application/json' } });
    // A sandbox left by an earlier run of this test is gone first.
    await control(`sandboxes?name=${sandbox}`, 'DELETE');
    if (from !== undefined) await ok(await control('sandboxes', 'POST', { name: sandbox, from }), 'forking');
    await context.setExtraHTTPHeaders(headers);
    const move = async (data: unknown) => ok(await control('clock', 'PUT', data), 'the clock');
    const steer = async (data: unknown) => ok(await control('stubs', 'POST', data), 'the stub');
    const murmur: Murmur = {
      sandbox,
      request,
      async signIn(username, password = username === 'guest' ? 'guest123' : 'password123') {
        const res = await request.post('api/auth/login', { data: { username, password } });
        await ok(res, `signing in as ${username}`);
        const { foundUser, encodedToken } = (await res.json()) as { foundUser: unknown; encodedToken: string };
        await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          sessionKey,
          JSON.stringify({ user: foundUser, token: encodedToken }),
        ] as const);
        return encodedToken;
      },
      stub: steer,
      fail: steer,
      async requests(filter = {}) {
        const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined));
        const res = await control(`requests?${query}`, 'GET');
        await ok(res, 'the requests');
        return ((await res.json()) as { requests: ReceivedRequest[] }).requests;
      },
      clock: {
        set: (iso) => move({ set: iso }),
        advance: (ms) => move({ advanceMs: ms }),
        resume: () => move({ resume: true }),
        real: () => move({ real: true }),
      },
    };
    await use(murmur);
    await control(`sandboxes?name=${sandbox}`, 'DELETE');
    await request.dispose();
  },
});

export const expect = baseExpect.extend({
  /** Passes when the test's backend received `expected`; fails naming the nearest requests and how each differs. */
  async toHaveReceived(murmur: Murmur, expected: ExpectedRequest) {
    const { pass, message } = checkReceived(await murmur.requests(), expected);
    return { pass, message: () => message, name: 'toHaveReceived' };
  },
});
