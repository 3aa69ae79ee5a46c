import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCoreEarly, takeEarlyCore } from './earlyCore';

afterEach(() => {
  takeEarlyCore()?.catch(() => undefined);
  vi.unstubAllGlobals();
});

describe('the wasm core fetched early', () => {
  it('is nothing when the boot script fetched none', () => {
    expect(takeEarlyCore()).toBeUndefined();
  });

  it('is the boot script’s response, handed over once and never fetched again', async () => {
    const core = new Response('core bytes', { status: 200 });
    const fetch = vi.fn(() => Promise.resolve(core));
    vi.stubGlobal('fetch', fetch);
    fetchCoreEarly('/assets/mock_core_bg.wasm');
    await expect(takeEarlyCore()).resolves.toBe(core);
    expect(takeEarlyCore()).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/assets/mock_core_bg.wasm', { credentials: 'same-origin' });
  });

  it('is fetched again when the early fetch failed or was refused', async () => {
    const core = new Response('core bytes', { status: 200 });
    const fetch = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(core);
    vi.stubGlobal('fetch', fetch);
    fetchCoreEarly('/assets/core.wasm');
    await expect(takeEarlyCore()).resolves.toBe(core);

    const refused = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(core);
    vi.stubGlobal('fetch', refused);
    fetchCoreEarly('/assets/core.wasm');
    await expect(takeEarlyCore()).resolves.toBe(core);
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
