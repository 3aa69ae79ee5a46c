// The one API client: every request to the in-browser backend goes through
// here (RTK Query's base query in api/baseQuery.ts sends through it), and
// this is the one place where a failed answer becomes an error.

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

export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token } = options;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return backendRequest<T>(apiUrl(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The message to show for a failed request. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  if (typeof error === 'string') return error;
  return 'Something went wrong. Try again.';
}
