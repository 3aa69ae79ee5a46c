import { http, HttpResponse, passthrough } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createInPageTransport } from './inPageTransport.js';

const ORIGIN = window.location.origin;

/** A stand-in for the browser's fetch (the service worker path): records what reaches it. */
function fakeFetch() {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    return new Response(`network:${url}`, { status: 299 });
  });
}

function install(handlers: Parameters<typeof createInPageTransport>[0], basePath = '/') {
  const original = fakeFetch();
  const fetch = createInPageTransport(handlers, {
    basePath,
    prefixes: ['api/', 'media/', '__murmur/'],
    fallback: original as unknown as typeof globalThis.fetch,
  });
  return { target: { fetch }, original };
}

describe('createInPageTransport', () => {
  it('answers a handled URL in the page: the original fetch never sees it', async () => {
    const { target, original } = install([http.get(/\/api\/users$/, () => HttpResponse.json({ users: [] }))]);
    const res = await target.fetch('/api/users');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ users: [] });
    expect(res.url).toBe(`${ORIGIN}/api/users`);
    expect(original).not.toHaveBeenCalled();
  });

  it('passes a URL under our prefixes that no handler answers on to the original fetch, body intact', async () => {
    const seen: string[] = [];
    const { target, original } = install([
      http.post(/\/api\/read-then-skip$/, async ({ request }) => {
        seen.push(await request.text());
        return undefined;
      }),
    ]);
    // A string body: fetch gets the same input and init again.
    const init = { method: 'POST', body: 'payload' };
    const res = await target.fetch('/api/read-then-skip', init);
    expect(res.status).toBe(299);
    expect(original).toHaveBeenLastCalledWith('/api/read-then-skip', init);
    // A Request with a body (read by the handler): fetch gets a copy of it.
    await target.fetch(new Request(`${ORIGIN}/api/read-then-skip`, { method: 'POST', body: 'second' }));
    expect(seen).toEqual(['payload', 'second']);
    expect(original).toHaveBeenCalledTimes(2);
    const forwarded = original.mock.calls[1]?.[0] as Request;
    expect(forwarded.url).toBe(`${ORIGIN}/api/read-then-skip`);
    expect(forwarded.method).toBe('POST');
    expect(await forwarded.text()).toBe('second');
  });

  it('passes on what a handler hands to passthrough()', async () => {
    const { target, original } = install([http.get(/\/api\/pass$/, () => passthrough())]);
    expect((await target.fetch('/api/pass')).status).toBe(299);
    expect(original).toHaveBeenCalledTimes(1);
  });

  it('leaves other paths, other bases and other origins to the original fetch untouched', async () => {
    const handler = vi.fn(() => HttpResponse.text('in page'));
    const { target, original } = install([http.all(/.*/, handler)], '/murmur/');
    const init = { headers: { 'x-test': '1' } };
    for (const url of [
      '/murmur/assets/app.js',
      '/murmur/apis/x',
      '/api/users', // not under the base
      '/murmur/api', // the prefix is `api/`
      'https://elsewhere.example/murmur/api/users',
    ]) {
      const res = await target.fetch(url, init);
      expect(res.status).toBe(299);
      expect(original).toHaveBeenLastCalledWith(url, init);
    }
    expect(handler).not.toHaveBeenCalled();
    expect((await target.fetch('/murmur/media/abc')).status).toBe(200);
    expect((await target.fetch(new URL('/murmur/__murmur/reset', ORIGIN), { method: 'POST' })).status).toBe(200);
    expect(original).toHaveBeenCalledTimes(5);
  });

  it('gives the handler the request as fetch builds it: method, headers and body', async () => {
    let got: { method: string; url: string; auth: string | null; type: string | null; body: string } | null = null;
    const { target } = install([
      http.post(/\/api\/echo/, async ({ request }) => {
        got = {
          method: request.method,
          url: request.url,
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.text(),
        };
        return HttpResponse.json({ ok: true });
      }),
    ]);
    await target.fetch('/api/echo?x=1', {
      method: 'POST',
      headers: { authorization: 'token-1', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(got).toEqual({
      method: 'POST',
      url: `${ORIGIN}/api/echo?x=1`,
      auth: 'token-1',
      type: 'application/json',
      body: '{"a":1}',
    });
  });

  it('accepts a Request as input, with init overriding it', async () => {
    let method = '';
    const { target } = install([
      http.all(/\/api\/r$/, ({ request }) => {
        method = request.method;
        return HttpResponse.text('ok');
      }),
    ]);
    await target.fetch(new Request(`${ORIGIN}/api/r`), { method: 'DELETE' });
    expect(method).toBe('DELETE');
  });

  it('keeps the response status, status text, headers and body', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250]);
    const { target } = install([
      http.get(/\/api\/teapot$/, () =>
        HttpResponse.json(
          { errors: ['short and stout'] },
          { status: 418, statusText: 'Teapot', headers: { 'X-Murmur-Backend': 'wasm-core' } },
        ),
      ),
      http.get(
        /\/media\/bin$/,
        () => new HttpResponse(bytes, { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' } }),
      ),
    ]);
    const res = await target.fetch('/api/teapot');
    expect(res.status).toBe(418);
    expect(res.statusText).toBe('Teapot');
    expect(res.headers.get('x-murmur-backend')).toBe('wasm-core');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ errors: ['short and stout'] });
    const media = await target.fetch('/media/bin');
    expect(media.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(bytes);
  });

  it('rejects with an AbortError when the signal is aborted, before or during the call', async () => {
    let release = () => undefined as void;
    const { target, original } = install([
      http.get(/\/api\/slow$/, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.text('late');
      }),
    ]);
    const before = new AbortController();
    before.abort();
    await expect(target.fetch('/api/slow', { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const pending = target.fetch('/api/slow', { signal: during.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    during.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    release();
    expect(original).not.toHaveBeenCalled();
  });

  it('answers a throwing handler with a 500, as the worker does', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { target } = install([
      http.get(/\/api\/boom$/, () => {
        throw new Error('boom');
      }),
    ]);
    const res = await target.fetch('/api/boom');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toBe('boom');
  });

  it('reads the current handlers on every call when given a function', async () => {
    let handlers = [http.get(/\/api\/v$/, () => HttpResponse.text('one'))];
    const { target } = install(() => handlers);
    expect(await (await target.fetch('/api/v')).text()).toBe('one');
    handlers = [http.get(/\/api\/v$/, () => HttpResponse.text('two'))];
    expect(await (await target.fetch('/api/v')).text()).toBe('two');
  });

  it('spares msw its body-teeing clone when the body is a string, and the handler still reads the body', async () => {
    const clone = vi.spyOn(Request.prototype, 'clone');
    try {
      const seen: string[] = [];
      const { target } = install([
        http.post(/\/api\/echo$/, async ({ request }) => {
          seen.push(`${request.headers.get('content-type')}:${await request.text()}`);
          return HttpResponse.text('ok');
        }),
      ]);
      await target.fetch('/api/echo', {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(clone).not.toHaveBeenCalled();
      // A Request as input cannot be built again: msw clones it.
      await target.fetch(new Request(`${ORIGIN}/api/echo`, { method: 'POST', body: 'two' }));
      expect(clone).toHaveBeenCalled();
      expect(seen).toEqual(['application/json:{"a":1}', 'text/plain;charset=UTF-8:two']);
    } finally {
      clone.mockRestore();
    }
  });

  it("replaces no global: the page's own fetch is left alone", async () => {
    const before = globalThis.fetch;
    install([http.get(/.*/, () => HttpResponse.text('x'))]);
    expect(globalThis.fetch).toBe(before);
  });
});
