// The HTTP server's control plane, under `<base>__murmur/`, as the devtools
// panel has it: health, the last requests, settings (latency, offline, fail
// the next request to a route: the panel's own controls, msw overrides), and
// beside them the routes every transport has (reset, backup: ../core/mediaRoutes.ts;
// requests, stubs, clock: ../core/testRoutes.ts, per sandbox), and forking and
// deleting sandboxes.
// `--admin-token` guards them all; a known path asked with another method
// answers 405 with `Allow`.

import { http, HttpResponse, type RequestHandler } from 'msw';
import { anyOrigin } from '../core/apiRoute.js';
import { DevtoolsControls, type Failure, type MswLike } from '../devtools/controls.js';
import { ForkRefused, SANDBOX_NAME, type States } from './sandboxes.js';

export const ADMIN_TOKEN_HEADER = 'x-murmur-admin-token';
export const CONTROL_PREFIX = '__murmur/';

/** Each control route and the methods it answers (HEAD with every GET). */
export const CONTROL_ROUTES: Record<string, readonly string[]> = {
  health: ['GET', 'HEAD'],
  reset: ['POST'],
  backup: ['GET', 'HEAD', 'PUT'],
  restore: ['POST'],
  requests: ['GET', 'HEAD', 'DELETE'],
  'requests.har': ['GET', 'HEAD'],
  stubs: ['GET', 'HEAD', 'POST', 'DELETE'],
  clock: ['GET', 'HEAD', 'PUT'],
  sandboxes: ['POST', 'DELETE'],
  settings: ['GET', 'HEAD', 'PUT'],
};

/** The control path answered in the main state whatever sandbox the request names (it makes and removes them). */
export const SANDBOXES_ROUTE = 'sandboxes';

export interface ControlOptions {
  basePath: string;
  adminToken?: string;
  /** The msw server these handlers are part of, which the settings steer. */
  msw: () => MswLike;
  states: Pick<States, 'fork' | 'remove'>;
  health: () => Record<string, unknown>;
}

const errors = (status: number, message: string, headers?: Record<string, string>) =>
  HttpResponse.json({ errors: [message] }, { status, headers });

const FAILURES: readonly Failure[] = ['error', 'network'];
const METHODS = ['ANY', 'GET', 'POST', 'PUT', 'DELETE'];

/** Applies a `PUT settings` body; a message saying what to change when it is wrong. */
function applySettings(controls: DevtoolsControls, body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'settings must be a JSON object such as {"latency": 300, "offline": false}';
  }
  const { latency, offline, failNext, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `settings take latency, offline and failNext; remove ${unknown.join(', ')}`;
  if (latency !== undefined && (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0)) {
    return 'latency must be a number of milliseconds, 0 or more';
  }
  if (offline !== undefined && typeof offline !== 'boolean') return 'offline must be true or false';
  let fail: { method: string; path: string; failure: Failure } | undefined;
  if (failNext !== undefined) {
    const given = (failNext ?? {}) as Record<string, unknown>;
    const method = String(given.method ?? 'ANY').toUpperCase();
    const failure = (given.failure ?? 'error') as Failure;
    if (typeof given.path !== 'string' || given.path === '') {
      return 'failNext.path must be a path such as "/api/posts/like/:postId" (msw\'s syntax, * for any)';
    }
    if (!METHODS.includes(method)) return `failNext.method must be one of ${METHODS.join(', ')}`;
    if (!FAILURES.includes(failure))
      return `failNext.failure must be "error" (a 500) or "network" (the connection dropped)`;
    fail = { method, path: given.path, failure };
  }
  if (latency !== undefined) controls.setLatency(latency as number);
  if (offline !== undefined) controls.setOffline(offline as boolean);
  if (fail) controls.failNext(fail.method, fail.path, fail.failure);
  return null;
}

/** The control handlers, ahead of the backend's own (which answer reset and backup). */
export function controlHandlers(options: ControlOptions): RequestHandler[] {
  const prefix = `${options.basePath}${CONTROL_PREFIX}`;
  // Made at the first request: the msw server they steer is made from these handlers.
  let made: DevtoolsControls | undefined;
  const controls = () => (made ??= new DevtoolsControls(options.msw(), options.basePath));
  const settings = () => ({ latency: controls().latency, offline: controls().offline });
  return [
    http.all(anyOrigin(prefix.slice(0, -1)), ({ request }) => {
      const given = request.headers.get(ADMIN_TOKEN_HEADER);
      if (options.adminToken !== undefined && given !== options.adminToken) {
        return errors(401, `The control API needs the admin token: send it in the ${ADMIN_TOKEN_HEADER} header`);
      }
      const name = new URL(request.url).pathname.slice(prefix.length).replace(/\/$/, '');
      const allowed = CONTROL_ROUTES[name];
      if (!allowed) return errors(404, `No route for ${request.method} ${new URL(request.url).pathname}`);
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      if (!allowed.includes(method)) {
        return errors(405, `${request.method} is not allowed here; use ${allowed.join(', ')}`, {
          Allow: allowed.join(', '),
        });
      }
      return undefined; // on to the route itself
    }),
    http.get(anyOrigin(`${prefix}health`), () => HttpResponse.json(options.health())),
    http.post(anyOrigin(`${prefix}${SANDBOXES_ROUTE}`), async ({ request }) => {
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        body = null;
      }
      const { name, from = null } = (body ?? {}) as { name?: unknown; from?: unknown };
      if (
        typeof name !== 'string' ||
        !SANDBOX_NAME.test(name) ||
        (from !== null && (typeof from !== 'string' || !SANDBOX_NAME.test(from)))
      ) {
        return errors(
          400,
          'a fork is {"name": "test-1", "from": "prepared"}: names of 1 to 64 letters, digits, \'_\' or \'-\' (from left out: the main state)',
        );
      }
      try {
        await options.states.fork(name, from as string | null);
      } catch (error) {
        if (!(error instanceof ForkRefused)) throw error;
        return errors(error.message.startsWith('There is no') ? 404 : 409, error.message);
      }
      return HttpResponse.json({ name, from }, { status: 201 });
    }),
    http.delete(anyOrigin(`${prefix}${SANDBOXES_ROUTE}`), async ({ request }) => {
      const name = new URL(request.url).searchParams.get('name') ?? '';
      if (!SANDBOX_NAME.test(name))
        return errors(400, 'name the sandbox to delete: DELETE __murmur/sandboxes?name=test-1');
      return HttpResponse.json({ deleted: await options.states.remove(name) });
    }),
    http.get(anyOrigin(`${prefix}settings`), () => HttpResponse.json(settings())),
    http.put(anyOrigin(`${prefix}settings`), async ({ request }) => {
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return errors(400, 'settings must be a JSON object such as {"latency": 300, "offline": false}');
      }
      const problem = applySettings(controls(), body);
      return problem ? errors(400, problem) : HttpResponse.json(settings());
    }),
  ];
}
