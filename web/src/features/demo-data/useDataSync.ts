import { useEffect } from 'react';
import { useStore } from 'react-redux';
import toast from 'react-hot-toast/headless';
import { usersApi } from '../../api/usersApi';
import { api } from '../../api/apiSlice';
import { backendDataChanged } from '../../api/dataChanged';
import { selectLiveOpen } from '../../api/liveActions';
import { useAppDispatch, type SharedDispatch, type SharedState } from '../../api/hooks';
import { logout, setUser } from '../../api/session';
import { DATA_CHANGED_EVENT } from '@murmur/backend/protocol';

export const ACCOUNT_GONE_MESSAGE = 'Your account is not in the demo data any more. Please log in again.';

/**
 * Reads everything the screens show again, after the backend's data changed
 * under them (another tab's change, or a reset): unless the live events
 * carry it (api/liveEvents.ts), the cached posts, users, bookmarks and
 * notifications are invalidated (what is on screen reloads), and the signed-in
 * user is read again (that user alone); if they no longer exist, the session
 * ends and the route guard shows /login. What is kept for the next visit
 * is forgotten (`backendDataChanged`; Home, if on screen, keeps its new answer).
 */
export async function refreshAfterDataChange(dispatch: SharedDispatch, getState: () => SharedState): Promise<void> {
  dispatch(backendDataChanged());
  // While the live events flow, they carry the change itself (and a reset's `resync`): nothing to read wholesale,
  // and Home's "N new posts" keeps the list still under the reader.
  if (!selectLiveOpen(getState())) dispatch(api.util.invalidateTags(['Post', 'Bookmark', 'User', 'Notification']));
  const me = getState().session.user;
  if (!me) return;
  const read = await dispatch(
    usersApi.endpoints.getUserByName.initiate(me.username, { forceRefetch: true, subscribe: false }),
  );
  if (getState().session.user?._id !== me._id) return;
  const missing = read.error && 'status' in read.error && read.error.status === 404;
  // After a reset another account may hold the name: this one is gone too.
  if (missing || (read.data && read.data._id !== me._id)) {
    dispatch(logout());
    toast.error(ACCOUNT_GONE_MESSAGE, { id: 'account-gone' });
    return;
  }
  if (read.data) dispatch(setUser(read.data));
}

/** Keeps this tab's screens in step with the data: mount once, inside the store's Provider. */
export function useDataSync(): void {
  const dispatch = useAppDispatch();
  const store = useStore<SharedState>();
  useEffect(() => {
    const onChange = () => void refreshAfterDataChange(dispatch, store.getState);
    window.addEventListener(DATA_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(DATA_CHANGED_EVENT, onChange);
  }, [dispatch, store]);
}

/** `useDataSync` as an element, for the app's root. */
export function DataSync() {
  useDataSync();
  return null;
}
