// The HTTP server's request handler: one `(req, res)` function that answers
// a node:http request with msw's `getResponse` over the server's handlers
// (the same as the browser's and Node's), in the state its sandbox header
// names, and records it. What msw cannot hold or should not see is answered
// here first: OPTIONS (./cors.ts), a bad sandbox name, the contract at
// `<base>openapi.json`, a method the Fetch API refuses, a declared body over
// its limit. A path no handler answers gets the built front end (`--static`)
// or 404.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { answerOptions, corsHeaders } from './cors.js';
import { bodyLimit, declaredTooLarge, sendError, sendResponse, toFetchRequest } from './exchange.js';
import { isEventStream } from './eventStream.js';
import { documentedMethods, documentFor } from './openapiDocument.js';
import type { RequestLog } from './requestLog.js';
import { CONTROL_PREFIX, SANDBOXES_ROUTE } from './control.js';
import { BAD_SANDBOX_NAME, SANDBOX_HEADER, SANDBOX_NAME, SANDBOX_PARAMETER, type States } from './sandboxes.js';
import { serveStatic } from './staticFiles.js';

export interface RequestHandlerOptions {
  basePath: string;
  /** Answer CORS (./cors.ts). */
  cors: boolean;
  staticDir?: string;
  /** The address a request is taken to be for when it names no `Host`. */
  fallbackHost: () => string;
  msw: SetupServer;
  states: States;
  log: RequestLog;
  /** The event streams being written (`GET /api/events`): a closing server ends them first. */
  streams: Set<ServerResponse>;
}

/** Methods the Fetch API refuses to make a `Request` of. */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A passthrough answer (`passthrough()` in a handler): there is no network behind this server. */
const isPassthrough = (response: Response) =>
  response.status === 302 && response.headers.get('x-msw-intention') === 'passthrough';

/** The handler node:http calls for each request; its promise settles once the request is answered and logged. */
export function createRequestHandler(options: RequestHandlerOptions) {
  const { basePath, msw, states } = options;

  /**
   * The sandbox a request names: `X-Murmur-Sandbox`, or for the event
   * stream, which `EventSource` opens with no header of its own, the query
   * parameter `sandbox` (the header wins).
   */
  const sandboxOf = (req: IncomingMessage, url: URL): string | string[] | undefined =>
    req.headers[SANDBOX_HEADER] ??
    (url.pathname === `${basePath}api/events` ? (url.searchParams.get(SANDBOX_PARAMETER) ?? undefined) : undefined);

  /** The methods `pathname` answers: the contract's for an `/api` path, the usual ones otherwise. */
  const allowedFor = (pathname: string): string[] => {
    const apiPath = pathname.startsWith(`${basePath}api/`) ? `/${pathname.slice(basePath.length)}` : null;
    return (apiPath ? documentedMethods(apiPath) : null) ?? ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
  };

  /** Answers one request: the status sent, or `failed` when the connection was dropped. */
  async function answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number | 'failed'> {
    const extra = corsHeaders(req, options.cors);
    const sandbox = sandboxOf(req, url);
    if (req.method === 'OPTIONS') {
      answerOptions(req, res, allowedFor(url.pathname), options.cors);
      return 204;
    }
    if (sandbox !== undefined && (typeof sandbox !== 'string' || !SANDBOX_NAME.test(sandbox))) {
      sendError(res, 400, BAD_SANDBOX_NAME, { ...extra, connection: 'close' });
      return 400;
    }
    if (req.method === 'GET' && url.pathname === `${basePath}openapi.json`) {
      res.writeHead(200, { 'content-type': 'application/json', ...extra });
      res.end(JSON.stringify(documentFor(url.origin, basePath)));
      return 200;
    }
    if (FETCH_FORBIDDEN_METHODS.has((req.method ?? '').toUpperCase())) {
      // The Fetch API (and so msw) cannot even hold such a request: no route answers it.
      const allowed = allowedFor(url.pathname).join(', ');
      sendError(res, 405, `${req.method} is not allowed here; use ${allowed}`, { ...extra, allow: allowed });
      return 405;
    }
    const limit = bodyLimit(url.pathname, basePath);
    const tooLarge = () => {
      // The connection closes rather than draining the rest of the body.
      sendError(res, 413, 'Request body too large', { ...extra, connection: 'close' });
      return 413;
    };
    // Refused before a byte of it is read.
    if (declaredTooLarge(req, limit)) return tooLarge();
    // A read is aborted when its connection closes before its answer is
    // done: an event stream's reader is let go then.
    let gone: AbortController | undefined;
    if (req.method === 'GET') {
      const controller = (gone = new AbortController());
      res.once('close', () => res.writableFinished || controller.abort());
    }
    const { request, tooLarge: overLimit } = toFetchRequest(req, url.origin, limit, gone?.signal);
    let response: Response | undefined;
    try {
      // Forking and deleting sandboxes is done from the main state, whatever sandbox the client's requests name.
      const inMain = url.pathname === `${basePath}${CONTROL_PREFIX}${SANDBOXES_ROUTE}`;
      const name = inMain ? null : (sandbox ?? null);
      response = await states.run(name, () => getResponse(msw.listHandlers() as RequestHandler[], request));
    } catch (error) {
      if (overLimit()) return tooLarge();
      if (!(error instanceof Response)) {
        if (req.destroyed) return 'failed'; // the client went away mid-request: nothing to answer
        console.error('murmur-backend: a request handler failed', error);
        const why = error instanceof Error ? error.message : String(error);
        sendError(res, 500, `The server failed to answer: ${why}`, extra);
        return 500;
      }
      response = error;
    }
    if (overLimit()) return tooLarge();
    if (response?.type === 'error') {
      // `HttpResponse.error()`: what a client sees of a network failure.
      req.socket.destroy();
      return 'failed';
    }
    if (!response || isPassthrough(response)) {
      const isRead = req.method === 'GET' || req.method === 'HEAD';
      if (isRead && options.staticDir && (await serveStatic(options.staticDir, basePath, url.pathname, res, extra))) {
        return 200;
      }
      sendError(res, 404, `No route for ${req.method} ${url.pathname}`, extra);
      return 404;
    }
    const stream = isEventStream(response);
    if (stream) options.streams.add(res);
    try {
      await sendResponse(res, response, extra);
    } finally {
      if (stream) options.streams.delete(res);
    }
    return response.status;
  }

  return async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const begun = performance.now();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? options.fallbackHost()}`);
    } catch {
      sendError(res, 400, 'The request names no valid address (its Host header or path)');
      return;
    }
    const status = await answer(req, res, url).catch((error: unknown) => {
      console.error('murmur-backend: a request failed', error);
      if (!res.headersSent) sendError(res, 500, 'The server failed to answer');
      else res.destroy();
      return 500;
    });
    const sandbox = sandboxOf(req, url);
    options.log.record({
      at: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      status,
      ms: Math.round(performance.now() - begun),
      sandbox: typeof sandbox === 'string' ? sandbox : null,
    });
  };
}
