// The session as a previous visit saved it in localStorage. No Redux here:
// the render-blocking boot script (src/boot.ts) reads it too, before the
// first paint, to know whether the visitor is signed in.
import type { User } from './models';

/** The fixed localStorage key that holds `{user, token}`. */
export const AUTH_STORAGE_KEY = 'murmur.auth';

export interface SessionState {
  user: User | null;
  token: string | null;
}

export const signedOut: SessionState = { user: null, token: null };

/** The session saved by a previous visit, or none. Never throws. */
export function loadStoredSession(storage: Storage | undefined = globalThis.localStorage): SessionState {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return signedOut;
    const parsed = JSON.parse(raw) as { user?: User; token?: string };
    if (typeof parsed.token !== 'string' || !parsed.user || typeof parsed.user.username !== 'string') {
      return signedOut;
    }
    return { user: parsed.user, token: parsed.token };
  } catch {
    return signedOut;
  }
}

export function saveSession(state: SessionState, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (state.token && state.user) {
      storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: state.user, token: state.token }));
    } else {
      storage?.removeItem(AUTH_STORAGE_KEY);
    }
  } catch {
    // Storage full or blocked: the session still works until the tab closes.
  }
}
