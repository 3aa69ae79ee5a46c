// The one API client: every request to the in-browser backend goes through
// here (RTK Query's base query in api/baseQuery.ts sends through it), and
// this is the one place where a failed answer becomes an error. Every write
// carries an `Idempotency-Key` (docs/API.md, "Idempotency-Key") and is sent
// again, once, with the same key when its answer never came: the backend
// may have saved it before the connection dropped, and the key makes the
// second send answer the first answer instead of writing twice.

import { backendFetch } from './backendGate';

const UNREACHABLE_MESSAGE = 'Could not reach the backend. Reload the page to try again.';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  token?: string | null;
}

/** `path` starts after `/api`, e.g. `/posts/like/p-01`. */
export function apiUrl(path: string): string {
  const base = import.meta.env.BASE_URL;
  return new URL(`${base}api${path}`, window.location.href).toString();
}

/** The catalogue's message from an error body (`{"errors": [message]}`). */
function errorBodyMessage(data: unknown, status: number): string {
  if (data && typeof data === 'object' && 'errors' in data) {
    const errors = (data as { errors: unknown }).errors;
    if (Array.isArray(errors) && typeof errors[0] === 'string') return errors[0];
  }
  return `Request failed (${status})`;
}

/** Sends a request to the backend (`url` resolved by the caller) and reads the JSON answer, or throws an ApiError. */
export async function backendRequest<T>(url: string | URL, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await backendFetch(url, init);
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, errorBodyMessage(data, response.status));
  return data as T;
}

/** A fresh key per user action; `randomUUID` exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // RFC 9562's version 4: the version in byte 6, the variant in byte 8.
  const versioned = (b: number, i: number) => (i === 6 ? (b & 0x0f) | 0x40 : i === 8 ? (b & 0x3f) | 0x80 : b);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (b, i) => versioned(b, i).toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token } = options;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const write = method !== 'GET';
  if (write) headers['idempotency-key'] = newIdempotencyKey();
  const send = () =>
    backendRequest<T>(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    return await send();
  } catch (error) {
    // Status 0: no answer came. Only a keyed write is safe to send again.
    if (!write || !(error instanceof ApiError) || error.status !== 0) throw error;
    return send();
  }
}

/** The message to show for a failed request. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  if (typeof error === 'string') return error;
  return 'Something went wrong. Try again.';
}
