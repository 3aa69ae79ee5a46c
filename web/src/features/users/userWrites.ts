// What the visitor does to users: follow and unfollow (the button and the
// counts change at once, the answer is both users' truth) and edit their own
// profile. The copies change through api/cacheUpdates.ts, as the live events'.
import { answerOrUndo, api, sessionOf } from '../../api/apiSlice';
import { patchUser, userChanged, usersAnswered } from '../../api/cacheUpdates';
import { summaryOf, type User, type UserEdit } from '../../api/models';
import { setUser } from '../../api/session';
import type { EditUserRequest, FollowResponse, UserResponse, UserSummary } from '../../api/types';

/** What following (or unfollowing) `other` does to `user`'s list `list` (`following` for the follower, `followers` for the one followed). */
function applyFollow(user: User, list: 'following' | 'followers', other: UserSummary, follow: boolean): void {
  user[list] = user[list].filter((u) => u._id !== other._id);
  if (follow) user[list].push(summaryOf(other));
}

export const userWritesApi = api.injectEndpoints({
  endpoints: (build) => {
    /** Following or unfollowing: the button and the counts change at once; the answer is both users' truth. */
    const follow = (kind: 'follow' | 'unfollow') =>
      build.mutation<FollowResponse, UserSummary>({
        query: (user) => ({ url: `/users/${kind}/${encodeURIComponent(user._id)}`, method: 'POST' }),
        async onQueryStarted(user, { dispatch, getState, queryFulfilled }) {
          const before = sessionOf(getState).user;
          const following = kind === 'follow';
          if (before) {
            const others = before.following.filter((u) => u._id !== user._id);
            dispatch(setUser({ ...before, following: following ? [...others, summaryOf(user)] : others }));
          }
          const undos = before
            ? [
                patchUser(dispatch, getState, before._id, (me) => applyFollow(me, 'following', user, following)),
                patchUser(dispatch, getState, user._id, (them) => applyFollow(them, 'followers', before, following)),
              ]
            : [];
          await answerOrUndo(
            queryFulfilled,
            (data) => {
              dispatch(setUser(data.user));
              usersAnswered(dispatch, getState, data.allUsers);
              // Home shows the posts of the people one follows; Who to Follow brings the next person in.
              dispatch(api.util.invalidateTags([{ type: 'Feed', id: 'home' }, 'Suggestions']));
            },
            () => {
              if (before) dispatch(setUser(before));
              undos.forEach((undo) => undo());
            },
          );
        },
      });

    return {
      followUser: follow('follow'),
      unfollowUser: follow('unfollow'),
      editUser: build.mutation<User, UserEdit>({
        query: (userData) => ({ url: '/users/edit', method: 'POST', body: { userData } satisfies EditUserRequest }),
        transformResponse: (response: UserResponse) => response.user,
        // The core rewrote the name and avatar embedded in the user's posts and comments.
        invalidatesTags: (_result, error) => (error ? [] : ['Post']),
        async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
          try {
            userChanged(dispatch, getState, (await queryFulfilled).data);
          } catch {
            // Nothing changed; the form tells the user.
          }
        },
      }),
    };
  },
});

export const { useFollowUserMutation, useUnfollowUserMutation, useEditUserMutation } = userWritesApi;
