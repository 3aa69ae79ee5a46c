// What the app reads about users: everyone (Who to Follow's source), one
// profile by username, and the suggestions. The writes are in userWrites.ts;
// what changes these copies in place is api/cacheUpdates.ts.
import { api } from './apiSlice';
import type { User } from './models';
import type { UserResponse, UsersResponse } from './types';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<User[], void>({
      query: () => '/users',
      transformResponse: (response: UsersResponse) => response.users,
      providesTags: ['User'],
    }),
    /** One user by username (a profile). */
    getUserByName: build.query<User, string>({
      query: (username) => `/users/profile/${encodeURIComponent(username)}`,
      transformResponse: (response: UserResponse) => response.user,
      providesTags: ['User'],
    }),
    /** The first `limit` people the signed-in user could follow (Who to Follow). */
    getSuggestions: build.query<User[], number>({
      query: (limit) => `/users/suggestions?limit=${limit}`,
      transformResponse: (response: UsersResponse) => response.users,
      providesTags: ['User', 'Suggestions'],
    }),
  }),
});

export const { useGetUsersQuery, useGetUserByNameQuery, useGetSuggestionsQuery } = usersApi;
