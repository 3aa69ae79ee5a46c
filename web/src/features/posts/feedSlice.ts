// The feeds' client state: the chosen order and how many pages are shown.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type PostFilter = 'Latest' | 'Oldest' | 'Trending';
export const POST_FILTERS: PostFilter[] = ['Oldest', 'Latest', 'Trending'];
export const PAGE_SIZE = 5;

export interface FeedState {
  filter: PostFilter;
  page: number;
}

const initialState: FeedState = { filter: 'Latest', page: 1 };

export const feedSlice = createSlice({
  name: 'feed',
  initialState,
  reducers: {
    setFilter(state, action: PayloadAction<PostFilter>) {
      state.filter = action.payload;
      state.page = 1;
    },
    nextPage(state) {
      state.page += 1;
    },
    resetPage(state) {
      state.page = 1;
    },
  },
  selectors: {
    selectFilter: (state) => state.filter,
    selectPage: (state) => state.page,
  },
});

export const { setFilter, nextPage, resetPage } = feedSlice.actions;
export const { selectFilter, selectPage } = feedSlice.selectors;
