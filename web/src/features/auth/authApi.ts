// Signing in or up: the answer starts the session.
import { api } from '../../api/apiSlice';
import type { User } from '../../api/models';
import { signedIn } from '../../api/session';
import type { LoginRequest, LoginResponse, SignupRequest, SignupResponse } from '../../api/types';
import { postsApi } from '../../api/postsApi';

type Session = { user: User; token: string };

export const authApi = api.injectEndpoints({
  endpoints: (build) => {
    const sessionStart = <Arg, Response>(url: string, pick: (response: Response) => Session) =>
      build.mutation<Session, Arg>({
        query: (body) => ({ url, method: 'POST', body }),
        transformResponse: pick,
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const session = (await queryFulfilled).data;
            // The answer holds the user's bookmark ids, which is what the
            // bookmarks' read would answer now: Home need not ask again.
            dispatch(
              postsApi.util.upsertQueryEntries([
                { endpointName: 'getBookmarks', arg: undefined, value: [...session.user.bookmarks] },
              ]),
            );
            dispatch(signedIn(session));
          } catch {
            // The form tells the user.
          }
        },
      });
    return {
      login: sessionStart<LoginRequest, LoginResponse>('/auth/login', (response) => ({
        user: response.foundUser,
        token: response.encodedToken,
      })),
      signup: sessionStart<SignupRequest, SignupResponse>('/auth/signup', (response) => ({
        user: response.createdUser,
        token: response.encodedToken,
      })),
    };
  },
});

export const { useLoginMutation, useSignupMutation } = authApi;
