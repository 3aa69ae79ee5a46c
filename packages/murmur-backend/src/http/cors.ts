// CORS for the HTTP server (on unless --no-cors): every answer reflects the
// request's `Origin`, and a preflight (OPTIONS with
// `Access-Control-Request-Method`) is answered with the methods the path
// allows and the headers asked for. Without CORS, OPTIONS still says which
// methods the path answers (`Allow`).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN_TOKEN_HEADER } from './control.js';
import { SANDBOX_HEADER } from './sandboxes.js';

/** The request headers a preflight allows when it names none. */
const KNOWN_HEADERS = `authorization, content-type, prefer, ${SANDBOX_HEADER}, ${ADMIN_TOKEN_HEADER}`;

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/** The headers every answer to `req` carries: its origin reflected (none without CORS or an `Origin`). */
export function corsHeaders(req: IncomingMessage, enabled: boolean): Record<string, string> {
  const origin = req.headers.origin;
  if (!enabled || !origin) return {};
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': '*', vary: 'Origin' };
}

/** Answers OPTIONS: 204 with `Allow`, and for a CORS preflight the methods and headers it may use. */
export function answerOptions(req: IncomingMessage, res: ServerResponse, allowed: string[], enabled: boolean): void {
  const methods = [...allowed, 'OPTIONS'].join(', ');
  const headers: Record<string, string> = { ...corsHeaders(req, enabled), allow: methods, 'content-length': '0' };
  if (enabled && req.headers.origin && req.headers['access-control-request-method']) {
    const asked = req.headers['access-control-request-headers'];
    Object.assign(headers, {
      'access-control-allow-methods': methods,
      'access-control-allow-headers': typeof asked === 'string' && asked !== '' ? asked : KNOWN_HEADERS,
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
      vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    });
  }
  res.writeHead(204, headers);
  res.end();
}
