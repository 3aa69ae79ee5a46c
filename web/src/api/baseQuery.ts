// How RTK Query reaches the backend: through the app's one API client
// (lib/api.ts), with the session's token. A failure becomes `{status,
// message}` with the catalogue's message, and a token the backend refuses
// ends the session here, once, for every request.
import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import toast from 'react-hot-toast/headless';
import { ApiError, apiRequest, errorMessage, type RequestOptions } from '../lib/api';
import { logout, SESSION_ENDED_MESSAGE, type SessionState } from './session';

/** What every endpoint fails with: the HTTP status (0: the backend could not be reached) and the message to show. */
export interface ApiFailure {
  status: number;
  message: string;
}

/** One request: the path after `/api`, the method and a JSON body. */
export interface ApiArgs {
  url: string;
  method?: RequestOptions['method'];
  body?: unknown;
}

/** The part of the store the API reads. */
export interface ApiState {
  session: SessionState;
}

/**
 * A valid token whose user no longer exists. The 401 of a forged or garbled
 * token needs no message; this 404 does, since other 404s (an unknown post,
 * "You cannot follow yourself") say something else.
 */
const USER_GONE = 'The username you entered is not Registered. Not Found error';

export function apiFailure(error: unknown): ApiFailure {
  return error instanceof ApiError
    ? { status: error.status, message: error.message }
    : { status: 0, message: errorMessage(error) };
}

/** Ends the session, once, when the backend refused the token the request carried and it is still the one held. */
export function endSessionIfRejected(
  failure: ApiFailure,
  token: string | null,
  api: Pick<BaseQueryApi, 'getState' | 'dispatch'>,
) {
  const rejected = failure.status === 401 || (failure.status === 404 && failure.message === USER_GONE);
  if (!token || !rejected || (api.getState() as ApiState).session.token !== token) return;
  api.dispatch(logout());
  toast.error(SESSION_ENDED_MESSAGE, { id: 'session-ended' });
}

export const baseQuery: BaseQueryFn<ApiArgs | string, unknown, ApiFailure> = async (args, api) => {
  const { url, method, body } = typeof args === 'string' ? { url: args } : args;
  const token = (api.getState() as ApiState).session.token;
  try {
    return { data: await apiRequest(url, { method, body, token }) };
  } catch (error) {
    const failure = apiFailure(error);
    endSessionIfRejected(failure, token, api);
    return { error: failure };
  }
};
