import { createSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk';
import { apiRequest, errorMessage } from '../../lib/api';
import type { Comment } from '../../api/models';

export interface CommentsState {
  isLoading: boolean;
  postComments: Comment[];
}

const initialState: CommentsState = { isLoading: false, postComments: [] };

export const fetchComments = createAppAsyncThunk(
  'comments/fetch',
  async (postId: string, { rejectWithValue }) => {
    try {
      return (await apiRequest<{ comments: Comment[] }>(`/comments/${encodeURIComponent(postId)}`)).comments;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

const commentsSlice = createSlice({
  name: 'comments',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchComments.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(fetchComments.fulfilled, (state, action) => {
        state.postComments = action.payload;
        state.isLoading = false;
      })
      .addCase(fetchComments.rejected, (state) => {
        state.isLoading = false;
      });
  },
});

export default commentsSlice.reducer;
