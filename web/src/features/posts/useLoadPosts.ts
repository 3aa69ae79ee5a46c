import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { withErrorToast } from './notify';
import { fetchBookmarks, fetchPosts } from './postsSlice';

type LoadState = 'loading' | 'ready' | 'failed';

/**
 * Reloads the posts (and, when signed in, the bookmark ids) when a page opens;
 * a failure is toasted. `key` reloads when it changes (the post id).
 */
export function useLoadPosts(key?: string): { state: LoadState; retry: () => void } {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.token);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ for: string; state: LoadState } | null>(null);
  const current = `${key ?? ''}#${attempt}`;

  useEffect(() => {
    let live = true;
    const posts = withErrorToast(dispatch(fetchPosts()).unwrap());
    if (token) void withErrorToast(dispatch(fetchBookmarks()).unwrap());
    void posts.then((list) => {
      if (live) setResult({ for: current, state: list ? 'ready' : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [dispatch, token, current]);

  return {
    state: result?.for === current ? result.state : 'loading',
    retry: () => setAttempt((n) => n + 1),
  };
}

/** Loads the bookmark ids once, for cards shown outside the posts pages. */
export function useBookmarkIds(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.token);
  useEffect(() => {
    if (token) void dispatch(fetchBookmarks());
  }, [dispatch, token]);
}
