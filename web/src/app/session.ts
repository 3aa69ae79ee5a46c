import { createListenerMiddleware, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { login, logout, signup, type AuthState } from '../features/auth/authSlice';

/**
 * What the core answers on a token route when the held token is no good: a
 * forged or garbled token (401), or a valid one whose user no longer exists
 * (404). Other 404s (an unknown post, "You cannot follow yourself") say
 * something else, so the message identifies the case.
 */
export const SESSION_REJECTED_MESSAGES: readonly string[] = [
  'The token is invalid. Unauthorized access error.',
  'The username you entered is not Registered. Not Found error',
];

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** True when `action` is a request the backend refused because of the session itself. */
export function isSessionRejection(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action)) return false;
  // Login and sign-up send no token; their "not Registered" is about the form.
  if (login.rejected.match(action) || signup.rejected.match(action)) return false;
  return typeof action.payload === 'string' && SESSION_REJECTED_MESSAGES.includes(action.payload);
}

/**
 * A stored token that the backend rejects ends the session cleanly: the user
 * is logged out (the route guard then shows /login, remembering the page) and
 * told why, once, however many requests failed together.
 */
export function createSessionListener() {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action, state) =>
      isSessionRejection(action) && (state as { auth: AuthState }).auth.token !== null,
    effect: (_action, api) => {
      api.dispatch(logout());
      toast.error(SESSION_ENDED_MESSAGE, { id: 'session-ended' });
    },
  });
  return listener;
}
