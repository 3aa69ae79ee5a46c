import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendFetch, holdBackendRequestsUntil } from './backendGate';

afterEach(() => holdBackendRequestsUntil(Promise.resolve()));

describe('backendFetch', () => {
  it('sends nothing until the backend has started, then sends the request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    let start!: () => void;
    holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
    const pending = backendFetch('/api/posts');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchSpy).not.toHaveBeenCalled();
    start();
    await pending;
    expect(fetchSpy).toHaveBeenCalledWith('/api/posts', undefined);
  });

  it('sends through the transport the start-up hands over, never the platform fetch', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const transport = vi.fn(async () => new Response('{"posts":[]}'));
    holdBackendRequestsUntil(Promise.resolve(transport));
    expect(await (await backendFetch('/api/posts')).json()).toEqual({ posts: [] });
    expect(transport).toHaveBeenCalledTimes(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a backend that failed to start: requests fail as unreachable, never reaching the network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    holdBackendRequestsUntil(Promise.reject(new Error('no service worker')));
    await expect(backendFetch('/api/posts')).rejects.toThrow('no service worker');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
