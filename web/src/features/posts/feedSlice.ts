// The feeds' client state: the chosen order, how many pages are shown (a
// page may be loaded before it is shown: the loader shows first), and the
// posts that arrived live and wait behind Home's and Explore's "N new posts"
// bar (NewPostsBar.tsx) until the reader asks for them.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { FEED_PAGE_SIZE, type FeedFilter } from '../../api/postsApi';
import { postArrived, postUpdated, type ArrivalScope } from '../../api/liveActions';
import type { Post } from '../../api/models';

export type PostFilter = FeedFilter;
export const POST_FILTERS: PostFilter[] = ['Oldest', 'Latest', 'Trending'];
export const PAGE_SIZE = FEED_PAGE_SIZE;

/** Posts kept behind the bar, per list: beyond this the oldest are dropped (the list reads them anyway). */
export const MAX_ARRIVED = 50;

export interface FeedState {
  filter: PostFilter;
  page: number;
  /** Posts that arrived live, newest first, not shown yet. */
  arrived: Record<ArrivalScope, Post[]>;
}

const initialState: FeedState = { filter: 'Latest', page: 1, arrived: { home: [], explore: [] } };

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
    /** The list `scope` now shows what had arrived for it. */
    arrivedShown(state, action: PayloadAction<ArrivalScope>) {
      state.arrived[action.payload] = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(postArrived, (state, { payload: { post, scopes } }) => {
        for (const scope of scopes) {
          const list = state.arrived[scope].filter((p) => p._id !== post._id);
          state.arrived[scope] = [post, ...list].slice(0, MAX_ARRIVED);
        }
      })
      .addCase(postUpdated, (state, { payload: { postId, post } }) => {
        for (const scope of ['home', 'explore'] as const) {
          const list = state.arrived[scope];
          state.arrived[scope] = post
            ? list.map((p) => (p._id === postId ? post : p))
            : list.filter((p) => p._id !== postId);
        }
      });
  },
  selectors: {
    selectFilter: (state) => state.filter,
    selectPage: (state) => state.page,
    selectArrived: (state, scope: ArrivalScope) => state.arrived[scope],
  },
});

export const { setFilter, nextPage, resetPage, arrivedShown } = feedSlice.actions;
export const { selectFilter, selectPage, selectArrived } = feedSlice.selectors;
