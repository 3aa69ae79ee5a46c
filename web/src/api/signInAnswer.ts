// The last sign-in's (or sign-up's) answer in this page, for Home's first
// reads (api/signInReads.ts): its token and the user's bookmark ids, which
// are what `GET /users/bookmark` would answer at that moment.
import type { User } from './models';

let answered: { token: string; bookmarks: string[] } | null = null;

/** Called with a sign-in's answer, before the session changes. */
export function rememberSignInAnswer(token: string, user: Pick<User, 'bookmarks'>): void {
  answered = { token, bookmarks: [...user.bookmarks] };
}

/** The bookmark ids the sign-in of session `token` answered, once; null for any other session. */
export function takeSignInBookmarks(token: string): string[] | null {
  const found = answered?.token === token ? answered.bookmarks : null;
  answered = null;
  return found;
}
