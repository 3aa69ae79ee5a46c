// The one API client: every request to the in-browser backend goes through
// here, and this is the one place where a failed request becomes an error.

import { backendFetch } from './backendGate';

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
  body?: unknown;
  token?: string | null;
}

/** `path` starts after `/api`, e.g. `/posts/like/p-01`. */
export function apiUrl(path: string): string {
  const base = import.meta.env.BASE_URL;
  return new URL(`${base}api${path}`, window.location.href).toString();
}

function messageOf(data: unknown, status: number): string {
  if (data && typeof data === 'object' && 'errors' in data) {
    const errors = (data as { errors: unknown }).errors;
    if (Array.isArray(errors) && typeof errors[0] === 'string') return errors[0];
  }
  return `Request failed (${status})`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token } = options;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await backendFetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Could not reach the backend. Reload the page to try again.');
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, messageOf(data, response.status));
  return data as T;
}

/** The message to reject a thunk with. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
