import { useEffect } from 'react';
import { useStore } from 'react-redux';
import toast from 'react-hot-toast';
import { api } from '../../api/apiSlice';
import { useAppDispatch, type SharedDispatch, type SharedState } from '../../api/hooks';
import { logout, setUser } from '../../api/session';
import { DATA_CHANGED_EVENT } from '@murmur/backend/protocol';

export const ACCOUNT_GONE_MESSAGE = 'Your account is not in the demo data any more. Please log in again.';

/**
 * Reads everything the screens show again, after the backend's data changed
 * under them (another tab's change, or a reset): the cached posts and
 * bookmarks are invalidated (what is on screen reloads), and the signed-in
 * user is refreshed from the new users; if they no longer exist, the session
 * ends and the route guard shows /login.
 */
export async function refreshAfterDataChange(dispatch: SharedDispatch, getState: () => SharedState): Promise<void> {
  dispatch(api.util.invalidateTags(['Post', 'Bookmark']));
  const users = await dispatch(api.endpoints.getUsers.initiate(undefined, { forceRefetch: true, subscribe: false }));
  const me = getState().session.user;
  if (!me || !users.data) return;
  const fresh = users.data.find((user) => user._id === me._id);
  if (!fresh) {
    dispatch(logout());
    toast.error(ACCOUNT_GONE_MESSAGE, { id: 'account-gone' });
    return;
  }
  dispatch(setUser(fresh));
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
