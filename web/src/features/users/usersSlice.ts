import { createSelector, createSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk';
import { apiRequest, errorMessage } from '../../lib/api';
import type { User, UserEdit, UserSummary } from '../../api/models';
import type { RootState } from '../../app/store';

export interface UsersState {
  allUsers: User[];
  isLoading: boolean;
}

const initialState: UsersState = { allUsers: [], isLoading: false };

export const fetchUsers = createAppAsyncThunk('users/fetchAll', async (_: void, { rejectWithValue }) => {
  try {
    return (await apiRequest<{ users: User[] }>('/users')).users;
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

export const editUser = createAppAsyncThunk(
  'users/edit',
  async (userData: UserEdit, { getState, rejectWithValue }) => {
    try {
      const data = await apiRequest<{ user: User }>('/users/edit', {
        method: 'POST',
        body: { userData },
        token: getState().auth.token,
      });
      return data.user;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

function followThunk(kind: 'follow' | 'unfollow') {
  return createAppAsyncThunk(`users/${kind}`, async (userId: string, { getState, rejectWithValue }) => {
    try {
      return await apiRequest<{ user: User; allUsers: User[] }>(`/users/${kind}/${encodeURIComponent(userId)}`, {
        method: 'POST',
        token: getState().auth.token,
      });
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

export const followUser = followThunk('follow');
export const unfollowUser = followThunk('unfollow');

const usersSlice = createSlice({
  name: 'users',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchUsers.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(fetchUsers.fulfilled, (state, action) => {
        state.allUsers = action.payload;
        state.isLoading = false;
      })
      .addCase(fetchUsers.rejected, (state) => {
        state.isLoading = false;
      })
      .addCase(editUser.fulfilled, (state, action) => {
        state.allUsers = state.allUsers.map((u) => (u._id === action.payload._id ? action.payload : u));
      });
    for (const thunk of [followUser, unfollowUser]) {
      builder.addCase(thunk.fulfilled, (state, action) => {
        state.allUsers = action.payload.allUsers;
      });
    }
  },
});

export default usersSlice.reducer;

export const selectAllUsers = (state: RootState) => state.users.allUsers;
export const selectSignedInUser = (state: RootState) => state.auth.user;

export function selectUserByUsername(state: RootState, username: string | undefined): User | undefined {
  return state.users.allUsers.find((u) => u.username === username);
}

/** Whether `me` follows the user with `userId`, by the signed-in user's own list. */
export function follows(me: Pick<User, 'following'> | null, userId: string): boolean {
  return !!me?.following.some((f: UserSummary) => f._id === userId);
}

/** Who to Follow: everyone but the signed-in user and those they already follow. */
export const selectWhoToFollow = createSelector([selectAllUsers, selectSignedInUser], (users, me) =>
  me ? users.filter((u) => u._id !== me._id && u.username !== me.username && !follows(me, u._id)) : [],
);
