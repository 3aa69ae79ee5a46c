import { useEffect } from 'react';
import { useStore } from 'react-redux';
import toast from 'react-hot-toast';
import type { AppDispatch, RootState } from '../../app/store';
import { useAppDispatch } from '../../app/hooks';
import { logout, setUser } from '../auth/authSlice';
import { fetchBookmarks, fetchPosts } from '../posts/postsSlice';
import { fetchUsers } from '../users/usersSlice';
import { DATA_CHANGED_EVENT } from '../../mocks/persistence/protocol';

export const ACCOUNT_GONE_MESSAGE = 'Your account is not in the demo data any more. Please log in again.';

/**
 * Reads everything the screens show again, after the backend's data changed
 * under them (another tab's change, or a reset). The signed-in user is
 * refreshed from the new users; if they no longer exist, the session ends
 * and the route guard shows /login.
 */
export async function refreshAfterDataChange(dispatch: AppDispatch, getState: () => RootState): Promise<void> {
  const [users] = await Promise.all([dispatch(fetchUsers()), dispatch(fetchPosts())]);
  const me = getState().auth.user;
  if (!me || !fetchUsers.fulfilled.match(users)) return;
  const fresh = users.payload.find((user) => user._id === me._id);
  if (!fresh) {
    dispatch(logout());
    toast.error(ACCOUNT_GONE_MESSAGE, { id: 'account-gone' });
    return;
  }
  dispatch(setUser(fresh));
  await dispatch(fetchBookmarks());
}

/** Keeps this tab's screens in step with the data: mount once, inside the store's Provider. */
export function useDataSync(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
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
