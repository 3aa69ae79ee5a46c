// The backend over real HTTP: node:http answering every request with msw's
// `getResponse` over the same handlers as the browser and Node tests (so
// every rule, message and `msw.use()` override is the same), over durable
// state in a directory (../persistence/fileStore.ts) or in memory.

import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { getResponse, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import type { MockCore } from '../../core/mock_core.js';
import { normalizeBasePath, type Latency } from '../core/hostOptions.js';
import { backendHandlers } from '../core/routes.js';
import { checkSeed, loadableSeed, type LoadableSeed, type MurmurSeed, type SeedReport } from '../core/seed.js';
import { lockDirectory, type DirectoryLock } from '../persistence/directoryLock.js';
import type { MediaRecord } from '../persistence/store.js';
import { ADMIN_TOKEN_HEADER, controlHandlers, REQUESTS_KEPT, type RequestRecord } from './control.js';
import { bodyLimit, declaredTooLarge, sendError, sendResponse, toFetchRequest } from './exchange.js';
import { wasmMemoryBytes } from '../node/nodeCore.js';
import { documentedMethods, documentFor } from './openapiDocument.js';
import { BAD_SANDBOX_NAME, openState, SANDBOX_HEADER, SANDBOX_NAME, States, type StateOptions } from './sandboxes.js';
import { serveStatic } from './staticFiles.js';
import { OutboundBudget } from './outbound.js';

export type LogFormat = 'text' | 'json' | 'off';

export interface MurmurHttpOptions {
  /** Default 0: a free port (the CLI's default is 4000). */
  port?: number;
  /** Default `127.0.0.1`. Any other address lets other machines in, with tokens anyone can forge (the secret is public). */
  host?: string;
  /** The state's directory; left out, everything stays in memory. One server per directory. */
  state?: string;
  /** The data every state starts from (and goes back to on reset); default the demo seed. */
  seed?: MurmurSeed;
  /** Images that come with the seed (a backup file given as the seed). */
  seedMedia?: readonly MediaRecord[];
  /** Where the site lives, with leading and trailing slash. Default `/`. */
  basePath?: string;
  /** A delay before each answer (ms, or a `[min, max]` range). */
  latency?: Latency;
  /** One line per request on `logTo`: `text`, `json`, or `off` (the default). */
  log?: LogFormat;
  /** Where log lines go; default stdout. */
  logTo?: (line: string) => void;
  /** Answer CORS: the request's origin reflected, preflights answered. Default true. */
  cors?: boolean;
  /** A built front end served beside the API (the single-page fallback included). */
  staticDir?: string;
  /** When set, `<base>__murmur/*` answers only requests carrying it in `X-Murmur-Admin-Token`. */
  adminToken?: string;
  /**
   * Start-up phases measured before this call (ms by name, as the command
   * measures Node's own start, its imports and reading the seed file):
   * reported first in `GET __murmur/health`'s `startup`.
   */
  startupBefore?: Record<string, number>;
}

export interface MurmurHttpServer {
  /** `http://127.0.0.1:PORT/` and the base path. */
  url: string;
  /** The main state's core (not a sandbox's). */
  core: MockCore;
  /** What the core made of a `{users, posts}` seed it loaded at this start (null for a snapshot, the demo seed, or a restart over saved state). */
  seedReport: SeedReport | null;
  /** msw's server, never listening (nothing in this process is intercepted): `use()`, `resetHandlers()`, `listHandlers()` steer every HTTP client. */
  msw: SetupServer;
  /** Stops accepting, finishes the requests in flight (their writes flushed), releases the directory. */
  close(): Promise<void>;
}

/** Methods the Fetch API refuses to make a `Request` of. */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A passthrough answer (`passthrough()` in a handler): there is no network behind this server. */
const isPassthrough = (response: Response) =>
  response.status === 302 && response.headers.get('x-msw-intention') === 'passthrough';

/** The process's memory (`process.memoryUsage()`, and the wasm core's linear memory as `wasm`), in MB. */
function memoryMb(): Record<string, number> {
  const usage = { ...process.memoryUsage(), wasm: wasmMemoryBytes() };
  return Object.fromEntries(Object.entries(usage).map(([kind, bytes]) => [kind, Math.round(bytes / 2 ** 20)]));
}

/** The seed ready for every state: a generated one made once. */
async function seedOf(seed: MurmurSeed | undefined): Promise<LoadableSeed | undefined> {
  checkSeed(seed);
  return seed && loadableSeed(seed);
}

/** Starts the API on `host:port`; resolves once it answers. */
export async function startMurmurHttpServer(options: MurmurHttpOptions = {}): Promise<MurmurHttpServer> {
  const began = performance.now();
  /** Where start-up went, ms by phase (GET __murmur/health's `startup`). */
  const startup: Record<string, number> = { ...options.startupBefore };
  const phases: Record<string, number> = {};
  const basePath = normalizeBasePath(options.basePath);
  const host = options.host ?? '127.0.0.1';
  const cors = options.cors ?? true;
  const logFormat = options.log ?? 'off';
  const logTo = options.logTo ?? ((line: string) => process.stdout.write(`${line}\n`));
  const dir = options.state === undefined ? null : resolve(options.state);
  let lock: DirectoryLock | null = null;
  if (dir !== null) {
    await mkdir(dir, { recursive: true });
    lock = await lockDirectory(dir);
  }
  let states: States;
  try {
    const mark = performance.now();
    const stateOptions: StateOptions = {
      basePath,
      seed: await seedOf(options.seed),
      seedMedia: options.seedMedia,
      dir,
    };
    phases.seed = performance.now() - mark;
    states = new States(await openState(dir, stateOptions, phases), stateOptions);
  } catch (error) {
    await lock?.release();
    throw error;
  }

  const requests: RequestRecord[] = [];
  const started = Date.now();
  // Filled once msw's server exists: the control handlers steer it.
  const mswRef: { current?: SetupServer } = {};
  const handlers: RequestHandler[] = [
    ...controlHandlers({
      basePath,
      adminToken: options.adminToken,
      msw: {
        use: (...list) => mswRef.current!.use(...list),
        resetHandlers: () => mswRef.current!.resetHandlers(),
        listHandlers: () => mswRef.current!.listHandlers(),
        events: { on: () => undefined },
      },
      requests: () => requests,
      health: () => ({
        status: 'ok',
        state: dir ?? 'memory',
        revision: states.main.backend.revision,
        sandboxes: states.sandboxNames.length,
        uptimeMs: Date.now() - started,
        // Requests begun and not yet answered, this one aside.
        inFlight: Math.max(0, inFlight.size - 1),
        startup: Object.fromEntries(Object.entries(startup).map(([phase, ms]) => [phase, Math.round(ms)])),
        memory: memoryMb(),
      }),
    }),
    // The core's answers wait for room among those not read yet (outbound.ts).
    ...backendHandlers(new OutboundBudget().gate(states.backend()), { basePath, latency: options.latency }),
  ];
  const msw = setupServer(...handlers);
  mswRef.current = msw;

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!cors || !origin) return {};
    return { 'access-control-allow-origin': origin, 'access-control-expose-headers': '*', vary: 'Origin' };
  };

  const record = (entry: RequestRecord) => {
    requests.push(entry);
    if (requests.length > REQUESTS_KEPT) requests.splice(0, requests.length - REQUESTS_KEPT);
    if (logFormat === 'json') logTo(JSON.stringify(entry));
    else if (logFormat === 'text') {
      const sandbox = entry.sandbox ? ` [${entry.sandbox}]` : '';
      logTo(`${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms${sandbox}`);
    }
  };

  /** Answers one request; resolves with the status sent (or `failed`: the connection was dropped). */
  async function answer(req: IncomingMessage, res: ServerResponse, origin: string): Promise<number | 'failed'> {
    const url = new URL(req.url ?? '/', origin);
    const extra = corsHeaders(req);
    const sandboxName = req.headers[SANDBOX_HEADER];
    if (req.method === 'OPTIONS') return options_(req, res, url, extra);
    if (sandboxName !== undefined && (typeof sandboxName !== 'string' || !SANDBOX_NAME.test(sandboxName))) {
      sendError(res, 400, BAD_SANDBOX_NAME, { ...extra, connection: 'close' });
      return 400;
    }
    if (req.method === 'GET' && url.pathname === `${basePath}openapi.json`) {
      const body = JSON.stringify(documentFor(url.origin, basePath));
      res.writeHead(200, { 'content-type': 'application/json', ...extra });
      res.end(body);
      return 200;
    }
    if (FETCH_FORBIDDEN_METHODS.has((req.method ?? '').toUpperCase())) {
      // The Fetch API (and so msw) cannot even hold such a request: no route answers it.
      const allowed = allowedFor(url.pathname);
      sendError(res, 405, `${req.method} is not allowed here; use ${allowed.join(', ')}`, {
        ...extra,
        allow: allowed.join(', '),
      });
      return 405;
    }
    const limit = bodyLimit(url.pathname, basePath);
    if (declaredTooLarge(req, limit)) {
      // Refused before a byte of it is read; the connection closes rather than draining it.
      sendError(res, 413, 'Request body too large', { ...extra, connection: 'close' });
      return 413;
    }
    const { request, tooLarge } = toFetchRequest(req, origin, limit);
    let response: Response | undefined;
    try {
      response = await states.run(sandboxName ?? null, () =>
        getResponse(msw.listHandlers() as RequestHandler[], request),
      );
    } catch (error) {
      if (tooLarge()) {
        sendError(res, 413, 'Request body too large', { ...extra, connection: 'close' });
        return 413;
      }
      if (error instanceof Response) response = error;
      else if (req.destroyed) {
        return 'failed'; // the client went away mid-request: nothing to answer, nothing wrong here
      } else {
        console.error('murmur-backend: a request handler failed', error);
        sendError(
          res,
          500,
          `The server failed to answer: ${error instanceof Error ? error.message : String(error)}`,
          extra,
        );
        return 500;
      }
    }
    if (tooLarge()) {
      sendError(res, 413, 'Request body too large', { ...extra, connection: 'close' });
      return 413;
    }
    if (response && response.type === 'error') {
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
    await sendResponse(res, response, extra);
    return response.status;
  }

  /** The methods `pathname` answers: the contract's for an `/api` path, the usual ones otherwise. */
  function allowedFor(pathname: string): string[] {
    const apiPath = pathname.startsWith(`${basePath}api/`) ? `/${pathname.slice(basePath.length)}` : null;
    return (apiPath ? documentedMethods(apiPath) : null) ?? ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
  }

  /** OPTIONS: a CORS preflight, or which methods the path answers (`Allow`). */
  function options_(req: IncomingMessage, res: ServerResponse, url: URL, extra: Record<string, string>): number {
    const allowed = allowedFor(url.pathname);
    const headers: Record<string, string> = {
      ...extra,
      allow: [...allowed, 'OPTIONS'].join(', '),
      'content-length': '0',
    };
    if (cors && req.headers.origin && req.headers['access-control-request-method']) {
      headers['access-control-allow-methods'] = [...allowed, 'OPTIONS'].join(', ');
      const asked = req.headers['access-control-request-headers'];
      headers['access-control-allow-headers'] =
        typeof asked === 'string' && asked !== ''
          ? asked
          : `authorization, content-type, prefer, ${SANDBOX_HEADER}, ${ADMIN_TOKEN_HEADER}`;
      headers['access-control-max-age'] = '600';
      headers.vary = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';
    }
    res.writeHead(204, headers);
    res.end();
    return 204;
  }

  const inFlight = new Set<Promise<unknown>>();
  const server = createServer((req, res) => {
    const begun = performance.now();
    const address = server.address() as AddressInfo;
    const origin = `http://${req.headers.host ?? `${host}:${address.port}`}`;
    const done = answer(req, res, origin)
      .catch((error: unknown) => {
        console.error('murmur-backend: a request failed', error);
        if (!res.headersSent) sendError(res, 500, 'The server failed to answer');
        else res.destroy();
        return 500;
      })
      .then((status) => {
        const url = new URL(req.url ?? '/', origin);
        const sandbox = req.headers[SANDBOX_HEADER];
        record({
          at: new Date().toISOString(),
          method: req.method ?? 'GET',
          path: `${url.pathname}${url.search}`,
          status,
          ms: Math.round(performance.now() - begun),
          sandbox: typeof sandbox === 'string' ? sandbox : null,
        });
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  // A client that sends its headers or body slowly holds only its own request
  // (and is dropped after these). An idle keep-alive connection stays open
  // longer than clients keep theirs (undici: 4 s), so that a client never
  // sends a request on a connection the server is closing that instant.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  }).catch(async (error: unknown) => {
    await states.close();
    await lock?.release();
    throw error;
  });
  const measured = Object.values(phases).reduce((sum, ms) => sum + ms, 0);
  // The rest: the lock, the handlers, listening.
  Object.assign(startup, phases, { listen: performance.now() - began - measured });
  // From the process's start (performance's time origin) to listening.
  startup.total = performance.now();
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${port}${basePath}`,
    core: states.main.core,
    seedReport: states.main.seedReport,
    msw,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        server.closeIdleConnections();
        // The requests in flight finish (their writes flushed), then their connections close.
        await Promise.allSettled([...inFlight]);
        server.closeAllConnections();
        await stopped;
        await states.close();
        await lock?.release();
      })();
      return closing;
    },
  };
}
