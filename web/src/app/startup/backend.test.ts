// The backend starts at once; the app's requests wait for it and then go
// through its transport; its notices are the app's.
import type { MurmurBackend } from '@murmur/backend';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendFetch, holdBackendRequestsUntil } from '../../lib/backendGate';
import { serverBackend } from '../../lib/serverBackend';
import { connectToServer, NO_WORKER_NOTICE, startBackend } from './backend';

afterEach(() => holdBackendRequestsUntil(Promise.resolve()));

/** A started backend with `transport`, whose worker resolves (or not). */
function fakeBackend(worker: Promise<unknown> = Promise.resolve()): MurmurBackend {
  const transport = vi.fn(async () => new Response('{"posts":[]}'));
  return { transport, worker, notices: ['A saved state was set aside.'] } as unknown as MurmurBackend;
}

describe('the backend phase', () => {
  it('starts at once, before any request; requests wait for it, then go through its transport', async () => {
    const backend = fakeBackend();
    let answer!: (started: MurmurBackend) => void;
    const launch = vi.fn(() => new Promise<MurmurBackend>((resolve) => (answer = resolve)));
    const phase = startBackend(launch);
    expect(launch).toHaveBeenCalledTimes(1);
    const request = backendFetch('/api/posts');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(backend.transport).not.toHaveBeenCalled();
    answer(backend);
    expect(await (await request).json()).toEqual({ posts: [] });
    expect(backend.transport).toHaveBeenCalledTimes(1);
    expect(await phase.notices).toEqual(['A saved state was set aside.']);
  });

  it('says so once when the browser gives the page no service worker', async () => {
    const phase = startBackend(async () => fakeBackend(Promise.reject(new Error('no worker'))));
    expect(await phase.notices).toEqual(['A saved state was set aside.', NO_WORKER_NOTICE]);
  });

  it('a backend that cannot start fails its notices (the app then says why) and every request', async () => {
    const phase = startBackend(async () => Promise.reject(new Error('WebAssembly is off')));
    await expect(phase.started).rejects.toThrow('WebAssembly is off');
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
