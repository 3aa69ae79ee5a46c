// A search's people and tags (the header's suggestions, the results page);
// its posts come a page at a time as any list's (api/postsApi.ts).
import { api } from '../../api/apiSlice';
import type { SearchResponse } from '../../api/types';

/** People and tags a search's results page lists (the most relevant); its posts come a page at a time. */
export const SEARCH_LIST_LIMIT = 10;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Users, posts and tags matching `q` (case and accents ignored). */
    search: build.query<SearchResponse, { q: string; limit?: number }>({
      query: ({ q, limit = 10 }) => `/search?q=${encodeURIComponent(q)}&limit=${limit}`,
      providesTags: ['Post', 'User'],
    }),
  }),
});

export const { useSearchQuery } = searchApi;
