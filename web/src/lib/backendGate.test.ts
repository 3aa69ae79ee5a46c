import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api';
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

  it('a backend that failed to start: requests fail as unreachable, never reaching the network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    holdBackendRequestsUntil(Promise.reject(new Error('no service worker')));
    const error = await apiRequest('/posts').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe('Could not reach the backend. Reload the page to try again.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
