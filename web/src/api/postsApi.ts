// What the app reads about posts: every list a page shows (Home, Explore, a
// profile, bookmarks, a tag, a search) a page at a time (one infinite query
// per list), a post's page alone, the whole list, and the signed-in user's
// bookmark ids, which every card reads. The writes are in postWrites.ts; what
// changes these copies in place is api/cacheUpdates.ts.
import { api } from './apiSlice';
import type { Post } from './models';
import type { BookmarksResponse, PostResponse, PostsPageResponse, PostsResponse } from './types';

const id = encodeURIComponent;

/** A feed's orders (docs/product.md, "Home"), as the core names them. */
export type FeedFilter = 'Latest' | 'Oldest' | 'Trending';
/** Posts a feed page holds (docs/product.md, "Home"). */
export const FEED_PAGE_SIZE = 5;
/**
 * A list of posts read a page at a time: Home (the user's posts and those
 * they follow), Explore (every post), a user's posts (a profile) or a tag's,
 * each in one order; the user's bookmarks (the latest first); a search's posts (best first).
 */
export type FeedArg =
  | { scope: 'home' | 'explore'; filter: FeedFilter }
  | { scope: 'author'; username: string; filter: FeedFilter }
  | { scope: 'tag'; tag: string; filter: FeedFilter }
  | { scope: 'bookmarks' }
  | { scope: 'search'; q: string };

/** The core's address of a list's page (docs/API.md). */
export function feedUrl(arg: FeedArg, page: number): string {
  const paging = `page=${page}&limit=${FEED_PAGE_SIZE}`;
  switch (arg.scope) {
    case 'home':
      return `/posts/feed?filter=${arg.filter}&${paging}`;
    case 'explore':
      return `/posts/explore?filter=${arg.filter}&${paging}`;
    case 'author':
      return `/posts/author/${id(arg.username)}?filter=${arg.filter}&${paging}`;
    case 'tag':
      return `/posts/tag/${id(arg.tag)}?filter=${arg.filter}&${paging}`;
    case 'bookmarks':
      return `/posts/bookmarks?${paging}`;
    case 'search':
      return `/posts/search?q=${id(arg.q)}&${paging}`;
  }
}

export const postsOf = (response: PostsResponse) => response.posts;
export const bookmarksOf = (response: BookmarksResponse) => response.bookmarks;

export const postsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPosts: build.query<Post[], void>({
      query: () => '/posts',
      transformResponse: postsOf,
      providesTags: ['Post'],
    }),
    /** A list's posts (FeedArg), a page at a time in its order, each page with the list's total. */
    getFeed: build.infiniteQuery<PostsPageResponse, FeedArg, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, lastPage) => (lastPage * FEED_PAGE_SIZE < last.total ? lastPage + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => feedUrl(queryArg, pageParam),
      // Each post's own tag too: a write to a post waits for the reads that show it (api/cacheUpdates.ts).
      providesTags: (result, _error, { scope }) => [
        'Post',
        'Feed',
        { type: 'Feed', id: scope },
        ...(result?.pages ?? []).flatMap((page) => page.posts.map((post) => ({ type: 'Post' as const, id: post._id }))),
      ],
    }),
    /** One post with its comments (a post's page). */
    getPost: build.query<Post, string>({
      query: (postId) => `/posts/${id(postId)}`,
      transformResponse: (response: PostResponse) => response.post,
      providesTags: (_result, _error, postId) => ['Post', { type: 'Post', id: postId }],
    }),
    /** Ids of the signed-in user's bookmarked posts, oldest first. */
    getBookmarks: build.query<string[], void>({
      query: () => '/users/bookmark',
      transformResponse: bookmarksOf,
      providesTags: ['Bookmark'],
    }),
  }),
});

export const { useGetPostsQuery, useGetFeedInfiniteQuery, useGetPostQuery, useGetBookmarksQuery } = postsApi;

const EMPTY: readonly string[] = [];
const selectBookmarksResult = postsApi.endpoints.getBookmarks.select();

/** The signed-in user's bookmark ids as cached (read without subscribing: the shell holds the subscription). */
export const selectBookmarkIds = (state: Parameters<typeof selectBookmarksResult>[0]) =>
  selectBookmarksResult(state).data ?? EMPTY;
