import { useRef, useState } from 'react';
import { useStore } from 'react-redux';
import toast from 'react-hot-toast/headless';
import { api } from '../../api/apiSlice';
import type { SharedDispatch, SharedState } from '../../api/hooks';
import { whenLastFeedAnswered } from '../../api/lastFeed';

/**
 * A like or a bookmark clicked on a post shown from the last visit's copy
 * of Home (api/lastFeed.ts), before the backend has answered: the click
 * shows at once (`wanted`), and once the backend's version of the post is
 * in, it is carried out on that version, so that it never acts on a stale
 * state. Nothing is sent when the post already is as the visitor asked
 * (liked in another tab meanwhile); a refusal says why (the action's own
 * toast); if the backend could not be read, the visitor is told the click
 * was not sent. Clicking again while waiting changes what is asked.
 *
 * `current` reads the post's state from the backend's answer; `after`
 * names a query whose answer it also needs (the bookmark ids).
 */
export function useHeldToggle(
  what: string,
  current: (state: SharedState) => boolean | undefined,
  act: (on: boolean) => Promise<unknown>,
  after?: 'getBookmarks',
) {
  const store = useStore<SharedState>();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const latest = useRef(0);

  async function hold(on: boolean): Promise<void> {
    const click = ++latest.current;
    setWanted(on);
    const answered = await whenLastFeedAnswered(store);
    if (answered && after) {
      const dispatch = store.dispatch as SharedDispatch;
      await dispatch(api.util.getRunningQueryThunk(after, undefined));
    }
    // A later click asked again: it acts, with what it asked.
    if (click !== latest.current) return;
    if (!answered) {
      setWanted(null);
      toast.error(`${what} was not saved: your feed could not be read. Try again.`);
      return;
    }
    const already = current(store.getState()) === on;
    // The action's optimistic change shows in the same render as the preview goes.
    const done = already ? undefined : act(on);
    setWanted(null);
    await done;
  }

  return { wanted, hold };
}
