// The start-up's second phase: the backend starts when asked, or at the
// app's first request when that is allowed, once; the app's requests wait
// for it and then go through its transport; its notices are the app's.
import type { MurmurBackend } from '@murmur/backend';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendAnswering, backendFetch, holdBackendRequestsUntil } from '../../lib/backendGate';
import { serverBackend } from '../../lib/serverBackend';
import { connectToServer, NO_WORKER_NOTICE, prepareBackend } from './backend';

afterEach(() => holdBackendRequestsUntil(Promise.resolve()));

/** A started backend with `transport`, whose worker resolves (or not). */
function fakeBackend(worker: Promise<unknown> = Promise.resolve()): MurmurBackend {
  const transport = vi.fn(async () => new Response('{"posts":[]}'));
  return { transport, worker, notices: ['A saved state was set aside.'] } as unknown as MurmurBackend;
}

describe('the backend phase', () => {
  it('starts once, when asked; requests wait for it, then go through its transport', async () => {
    const backend = fakeBackend();
    const launch = vi.fn(async () => backend);
    const phase = prepareBackend({ startOnFirstRequest: false }, launch);
    const request = backendFetch('/api/posts');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A return visit's copy is drawn first: its reads do not start the backend.
    expect(launch).not.toHaveBeenCalled();
    expect(backendAnswering()).toBe(false);
    await Promise.all([phase.start(), phase.start()]);
    expect(await (await request).json()).toEqual({ posts: [] });
    expect(launch).toHaveBeenCalledTimes(1);
    expect(backend.transport).toHaveBeenCalledTimes(1);
    expect(backendAnswering()).toBe(true);
    expect(await phase.notices).toEqual(['A saved state was set aside.']);
  });

  it("starts at the app's first request when that is allowed (a page that needs it only on submit)", async () => {
    const launch = vi.fn(async () => fakeBackend());
    prepareBackend({}, launch);
    expect(launch).not.toHaveBeenCalled();
    await backendFetch('/api/auth/login');
    expect(launch).toHaveBeenCalledTimes(1);
  });

  it('says so once when the browser gives the page no service worker', async () => {
    const phase = prepareBackend({}, async () => fakeBackend(Promise.reject(new Error('no worker'))));
    void phase.start();
    expect(await phase.notices).toEqual(['A saved state was set aside.', NO_WORKER_NOTICE]);
  });

  it('a backend that cannot start fails its notices (the app then says why) and every request', async () => {
    const phase = prepareBackend({}, async () => Promise.reject(new Error('WebAssembly is off')));
    await expect(phase.start()).rejects.toThrow('WebAssembly is off');
    await expect(phase.notices).rejects.toThrow('WebAssembly is off');
    await expect(backendFetch('/api/posts')).rejects.toThrow('WebAssembly is off');
  });
});

describe('a server as the backend', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="murmur-backend"]')?.remove();
    vi.unstubAllGlobals();
  });

  it('is the page’s own site when the server marked the page, and no one otherwise', () => {
    expect(serverBackend(document, undefined)).toBeNull();
    document.head.insertAdjacentHTML('afterbegin', '<meta name="murmur-backend" content="server">');
    expect(serverBackend(document, undefined)?.href).toBe(new URL('/', document.baseURI).href);
  });

  it('is the address the build names (VITE_MURMUR_API), marked or not', () => {
    expect(serverBackend(document, 'https://api.example.com/murmur')?.href).toBe('https://api.example.com/murmur/');
  });

  it('sends the app’s backend requests to that server, and starts nothing in the tab', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return new Response('{"posts":[]}');
    });
    const site = new URL('/', document.baseURI);
    const backend = connectToServer(new URL('https://api.example.com/v1/'), site);
    await backend.transport(new URL('api/posts?page=2', site));
    await backend.transport('https://elsewhere.example/x');
    expect(sent).toEqual(['https://api.example.com/v1/api/posts?page=2', 'https://elsewhere.example/x']);
    await expect(backend.worker).resolves.toBeUndefined();
    expect(backend.notices).toEqual([]);
    expect(document.documentElement.dataset.backend).toBe('ready');
  });
});
