// Verifying what a state received (docs/testing.md, "Verifying requests"):
// a request expected by method, path (msw's syntax) and a part of its JSON
// body, a number of times; a failure names the nearest requests received
// and how each differs, as WireMock's `verify` does.

import { isRecord } from '../json.js';
import { pathMatches, type ReceivedRequest } from './testState.js';

export interface ExpectedRequest {
  /** Default any method. */
  method?: string;
  /** From `/api`, in msw's syntax (`/api/posts/:postId`, `*`). */
  path: string;
  /** A part of the JSON body: every field given must be there, equal (objects compared the same way, arrays whole). */
  body?: unknown;
  /** Exactly this many; left out, at least once. */
  times?: number;
}

/** How `actual` differs from the part `expected` of it, one line per field (`body.postData.content: ...`). */
function bodyDiffs(expected: unknown, actual: unknown, at: string): string[] {
  if (isRecord(expected) && isRecord(actual)) {
    return Object.entries(expected).flatMap(([key, value]) =>
      key in actual ? bodyDiffs(value, actual[key], `${at}.${key}`) : [`${at}.${key} is missing`],
    );
  }
  return JSON.stringify(expected) === JSON.stringify(actual)
    ? []
    : [`${at} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];
}

/** How one request differs from the expectation; none when it matches. */
export function differences(expected: ExpectedRequest, request: ReceivedRequest): string[] {
  const diffs: string[] = [];
  const method = expected.method?.toUpperCase();
  if (method && method !== 'ANY' && method !== request.method)
    diffs.push(`method is ${request.method}, expected ${method}`);
  if (!pathMatches(expected.path, request.path)) diffs.push(`path is ${request.path}, expected ${expected.path}`);
  if (expected.body !== undefined) diffs.push(...bodyDiffs(expected.body, request.body, 'body'));
  return diffs;
}

const describe = (expected: ExpectedRequest) =>
  `${expected.method?.toUpperCase() ?? 'any method'} ${expected.path}` +
  (expected.body === undefined ? '' : ` with body ${JSON.stringify(expected.body)}`);

const timesText = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** Whether `requests` hold what `expected` asks, and a message saying what was received instead when not. */
export function checkReceived(
  requests: readonly ReceivedRequest[],
  expected: ExpectedRequest,
): { pass: boolean; message: string } {
  const matching = requests.filter((r) => differences(expected, r).length === 0);
  const pass = expected.times === undefined ? matching.length > 0 : matching.length === expected.times;
  const wanted = expected.times === undefined ? 'at least once' : timesText(expected.times);
  const head = `Expected ${describe(expected)} ${wanted}; received it ${matching.length === 0 ? 'never' : timesText(matching.length)}`;
  if (pass) return { pass, message: `${head}.` };
  const nearest = requests
    .filter((r) => differences(expected, r).length > 0)
    .map((r) => ({ r, diffs: differences(expected, r) }))
    .sort((a, b) => a.diffs.length - b.diffs.length)
    .slice(0, 3);
  if (requests.length === 0) return { pass, message: `${head}: no request was received at all.` };
  const lines = nearest.map(
    ({ r, diffs }, i) => `  ${i + 1}. ${r.method} ${r.path} (${String(r.status)}): ${diffs.join('; ')}`,
  );
  const of = `${requests.length} request${requests.length === 1 ? '' : 's'} received`;
  return { pass, message: [`${head}.`, ...(lines.length ? [`The nearest of the ${of}:`, ...lines] : [])].join('\n') };
}
