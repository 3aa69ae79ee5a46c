// The control routes a test steers its state with (docs/testing.md), the
// same in msw/node and over HTTP (per sandbox): `__murmur/requests` (the
// journal, `?method=&path=`), `__murmur/requests.har` (HAR 1.2),
// `__murmur/stubs` (stubs and faults) and `__murmur/clock`.

import { http, HttpResponse, type RequestHandler } from 'msw';
import { anyOrigin, type TestStateOf } from './apiRoute.js';
import { parseSteer, type ReceivedRequest, type TestState } from './testState.js';

const errors = (status: number, message: string) => HttpResponse.json({ errors: [message] }, { status });

const CLOCK_EXAMPLE =
  'the clock takes one of {"set": "2026-01-05T08:00:00Z"}, {"advanceMs": 3600000}, {"resume": true} or {"real": true}';

/** Applies a `PUT __murmur/clock` body: null, or a message saying what to change. */
function moveClock(state: TestState, body: unknown): string | null {
  const core = state.clockCore;
  if (!core) return 'this backend has no clock to set';
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return CLOCK_EXAMPLE;
  const moves = Object.entries(body as Record<string, unknown>);
  const [move] = moves;
  if (moves.length !== 1 || !move) return CLOCK_EXAMPLE;
  const [name, value] = move;
  try {
    if (name === 'set' && typeof value === 'string') core.setClock(value);
    else if (name === 'advanceMs' && typeof value === 'number') core.advanceClock(value);
    else if (name === 'resume' && value === true) core.resumeClock();
    else if (name === 'real' && value === true) core.realClock();
    else return CLOCK_EXAMPLE;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return null;
}

/** The journal as a HAR 1.2 log (what Chrome DevTools and Playwright import). */
export function toHar(
  requests: readonly ReceivedRequest[],
  origin: string,
  basePath: string,
): { log: Record<string, unknown> } {
  const pairs = (record: Record<string, string>) => Object.entries(record).map(([name, value]) => ({ name, value }));
  return {
    log: {
      version: '1.2',
      creator: { name: '@murmur/backend', version: '0.1.0' },
      entries: requests.map((r) => {
        const search = new URLSearchParams(r.query).toString();
        const text = r.body === null ? undefined : typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
        const status = r.status === 'failed' ? 0 : r.status;
        return {
          startedDateTime: r.at,
          time: r.ms,
          request: {
            method: r.method,
            url: `${origin}${basePath}${r.path.slice(1)}${search ? `?${search}` : ''}`,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(r.headers),
            queryString: pairs(r.query),
            ...(text === undefined
              ? {}
              : { postData: { mimeType: r.headers['content-type'] ?? 'application/json', text } }),
            headersSize: -1,
            bodySize: text === undefined ? 0 : new TextEncoder().encode(text).byteLength,
          },
          response: {
            status,
            statusText: r.status === 'failed' ? 'connection dropped' : '',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [],
            // The answers' bodies are not kept (a list answer is megabytes).
            content: { size: -1, mimeType: 'application/json' },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
          },
          cache: {},
          timings: { send: 0, wait: r.ms, receive: 0 },
          ...(r.stubbed ? { comment: `answered by a ${r.stubbed}` } : {}),
        };
      }),
    },
  };
}

/** The handlers of the test control routes under `<basePath>__murmur/`, over the state `testing` gives. */
export function testHandlers(testing: TestStateOf, basePath: string): RequestHandler[] {
  const prefix = `${basePath}__murmur/`;
  const state = async () => {
    const found = await testing();
    if (!found) throw errors(404, 'This backend keeps no test state');
    return found;
  };
  const filterOf = (url: URL) => ({
    method: url.searchParams.get('method') ?? undefined,
    path: url.searchParams.get('path') ?? undefined,
  });
  const readJson = async (request: Request, what: string): Promise<unknown> => {
    try {
      return await request.json();
    } catch {
      throw errors(400, `${what} must be JSON`);
    }
  };
  return [
    http.get(anyOrigin(`${prefix}requests.har`), async ({ request }) => {
      const url = new URL(request.url);
      const har = toHar((await state()).requests(filterOf(url)), url.origin, basePath);
      return HttpResponse.json(har, { headers: { 'Content-Disposition': 'attachment; filename="murmur.har"' } });
    }),
    http.get(anyOrigin(`${prefix}requests`), async ({ request }) =>
      HttpResponse.json({ requests: (await state()).requests(filterOf(new URL(request.url))) }),
    ),
    http.delete(anyOrigin(`${prefix}requests`), async () => {
      (await state()).clearRequests();
      return HttpResponse.json({ requests: [] });
    }),
    http.get(anyOrigin(`${prefix}stubs`), async () => HttpResponse.json({ stubs: (await state()).steers })),
    http.post(anyOrigin(`${prefix}stubs`), async ({ request }) => {
      const steer = parseSteer(await readJson(request, 'a stub'));
      if (typeof steer === 'string') return errors(400, steer);
      const found = await state();
      found.steer(steer);
      return HttpResponse.json({ stubs: found.steers }, { status: 201 });
    }),
    http.delete(anyOrigin(`${prefix}stubs`), async () => {
      (await state()).clearSteers();
      return HttpResponse.json({ stubs: [] });
    }),
    http.get(anyOrigin(`${prefix}clock`), async () => {
      const core = (await state()).clockCore;
      return core ? HttpResponse.json(JSON.parse(core.clock())) : errors(404, 'this backend has no clock to set');
    }),
    http.put(anyOrigin(`${prefix}clock`), async ({ request }) => {
      const found = await state();
      const problem = moveClock(found, await readJson(request, 'the clock'));
      return problem ? errors(400, problem) : HttpResponse.json(JSON.parse(found.clockCore!.clock()));
    }),
  ];
}
