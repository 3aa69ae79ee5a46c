import { useCallback, useState } from 'react';
import { isUpload, mediaSrc } from './assets';
import { useUploadsState } from './mediaGate';

/** How often an upload that failed to load is asked for again, and after how long. */
const RETRIES = 2;
const RETRY_DELAY_MS = 400;

export type MediaState =
  /** Render `src`; call `onError` from the element's error event. */
  | { kind: 'ready'; src: string; onError: () => void }
  /** An upload waiting for the backend to start: keep its place. */
  | { kind: 'waiting' }
  /** Nothing to show: no URL, one that is not a safe same-origin path, or one that never loaded. */
  | { kind: 'missing' };

/**
 * What to render for a media or avatar URL from data. Uploads are requested
 * only once the backend serves them (never in a page without a service
 * worker, which has no way to), and asked for again (a fresh URL, so no
 * cached failure stands in) should one fail anyway.
 */
export function useMediaSrc(path: string | undefined | null): MediaState {
  const uploads = useUploadsState();
  const [attempt, setAttempt] = useState({ path, count: 0, failed: false });
  // A new URL starts afresh.
  const current = attempt.path === path ? attempt : { path, count: 0, failed: false };
  const src = mediaSrc(path);
  const upload = src !== '' && isUpload(src);

  const onError = useCallback(() => {
    if (!upload || current.count >= RETRIES) {
      setAttempt({ path, count: current.count, failed: true });
      return;
    }
    setTimeout(() => setAttempt({ path, count: current.count + 1, failed: false }), RETRY_DELAY_MS);
  }, [upload, current.count, path]);

  if (!src || current.failed || (upload && uploads === 'unavailable')) return { kind: 'missing' };
  if (upload && uploads === 'waiting') return { kind: 'waiting' };
  return { kind: 'ready', src: current.count > 0 ? `${src}?retry=${current.count}` : src, onError };
}
