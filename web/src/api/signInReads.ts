// What a sign-in leads to, read before the page changes: Home's first feed
// page and the bookmark ids (those of the sign-in's answer when there was
// one in this page, rather than a second read). The signed-in frame (app/layout/AppLayout.tsx)
// waits for them inside the navigation's transition, so the login page stays
// until Home can be drawn whole: the frame and the first posts in one commit,
// with one layout, instead of the frame with a spinner first and the posts
// in a second pass. The reads are Home's own reads for this visit: Home does
// not read the same thing again as it mounts.
import { use } from 'react';
import { api, type FeedArg } from './apiSlice';
import type { SharedDispatch } from './hooks';
import { takeSignInBookmarks } from './signInAnswer';

/** The longest a sign-in holds the page for its reads; past it Home opens and shows its own loading state. */
export const SIGN_IN_READS_MAX_WAIT_MS = 2000;

/** Home's reads started at a sign-in and not yet handed over to Home. */
interface Reads {
  /** Settles when both reads have (or at the deadline); never rejects. Marked as React's `use` reads it, so that a settled one does not suspend. */
  done: Promise<void> & { status?: 'fulfilled'; value?: undefined };
  /** The session they were read for. */
  token: string;
  /** The feed's argument, as Home asks for it. */
  feed: FeedArg;
  /** The reads' cache subscriptions, held until Home holds its own. */
  release: () => void;
  /** Home's first mount has taken the reads as its own. */
  taken: { feed: boolean; bookmarks: boolean };
}

let current: Reads | null = null;

const sameArg = (a: FeedArg, b: FeedArg) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Starts Home's first reads for the session `token` (in the store): the
 * feed's first page, and the bookmark ids, which a sign-in's answer in this
 * page already holds (`user.bookmarks` is what `GET /users/bookmark`
 * answers); a session from an earlier visit reads them. Does nothing if the
 * same reads are under way; replaces those of another session.
 */
export function startSignInReads(dispatch: SharedDispatch, feed: FeedArg, token: string): void {
  if (current && current.token === token && sameArg(current.feed, feed)) return;
  releaseSignInReads();
  const feedRead = dispatch(api.endpoints.getFeed.initiate(feed));
  const answered = takeSignInBookmarks(token);
  const bookmarksRead = answered
    ? dispatch(api.util.upsertQueryData('getBookmarks', undefined, answered))
    : dispatch(api.endpoints.getBookmarks.initiate());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SIGN_IN_READS_MAX_WAIT_MS);
  });
  const settled = Promise.allSettled([feedRead, bookmarksRead]).then(() => undefined);
  const done: Reads['done'] = Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
  void done.then(() => {
    done.status = 'fulfilled';
    done.value = undefined;
  });
  const reads: Reads = {
    done,
    token,
    feed,
    release: () => {
      feedRead.unsubscribe();
      if ('unsubscribe' in bookmarksRead) bookmarksRead.unsubscribe();
    },
    taken: { feed: false, bookmarks: false },
  };
  current = reads;
}

/**
 * For the signed-in frame: suspends (inside the navigation's transition, so
 * the page being left stays on screen) until the sign-in's reads are in.
 */
export function useSignInReads(): void {
  if (current) use(current.done as Promise<void>);
}

/** Once the signed-in frame has mounted: Home's queries hold the data now. */
export function releaseSignInReads(): void {
  const reads = current;
  current = null;
  reads?.release();
}

/**
 * Whether Home's query for `arg` (or the bookmarks) is the one the sign-in
 * has just read, so that mounting need not read it again. True once.
 */
export function takeSignInRead(what: { feed: FeedArg } | 'bookmarks'): boolean {
  const reads = current;
  if (!reads) return false;
  if (what === 'bookmarks') {
    if (reads.taken.bookmarks) return false;
    reads.taken.bookmarks = true;
    return true;
  }
  if (reads.taken.feed || !sameArg(reads.feed, what.feed)) return false;
  reads.taken.feed = true;
  return true;
}
