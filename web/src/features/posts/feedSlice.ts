// The feeds' client state: the chosen order and how many pages are shown
// (a page may be loaded before it is shown: the loader shows first).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { FEED_PAGE_SIZE, type FeedFilter } from '../../api/apiSlice';

export type PostFilter = FeedFilter;
export const POST_FILTERS: PostFilter[] = ['Oldest', 'Latest', 'Trending'];
export const PAGE_SIZE = FEED_PAGE_SIZE;

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
