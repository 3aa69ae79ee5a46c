// What the visitor does to posts: write, edit and delete them, like them and
// bookmark them. An answer that is the whole post list goes into every cached
// copy (docs/product.md, "States"), through api/cacheUpdates.ts as the live
// events do; a like or a bookmark shows at once and is taken back if the core
// refuses.
import { answerOrUndo, api, sessionOf } from '../../api/apiSlice';
import type { ApiArgs, ApiFailure } from '../../api/baseQuery';
import { cachedPost, patchPost, postsAnswered, readsAnswered } from '../../api/cacheUpdates';
import { summaryOf, type Post, type PostData } from '../../api/models';
import type { BookmarksResponse, LikesView, PostRequest, PostsResponse, UserSummary } from '../../api/types';
import { bookmarksOf, postsApi, postsOf } from '../../api/postsApi';

const id = encodeURIComponent;

/** What a like or its undo does to a post's likes, as the core does it (docs/API.md). */
function applyVote(likes: LikesView, me: UserSummary, vote: 'like' | 'dislike'): void {
  const without = (list: UserSummary[]) => list.filter((u) => u._id !== me._id);
  likes.likedBy = vote === 'like' ? [...without(likes.likedBy), summaryOf(me)] : without(likes.likedBy);
  likes.dislikedBy = vote === 'dislike' ? [...without(likes.dislikedBy), summaryOf(me)] : without(likes.dislikedBy);
  likes.likeCount = likes.likedBy.length;
}

/** The bookmark ids with `postId` added or removed. */
function toggled(ids: string[], postId: string, kind: 'add' | 'remove'): string[] {
  const rest = ids.filter((x) => x !== postId);
  return kind === 'add' ? [...rest, postId] : rest;
}

/** A toggle's answer, or null when it already was as asked (nothing was sent). */
type Answer<T> = T | null;

export const postWritesApi = api.injectEndpoints({
  endpoints: (build) => {
    /**
     * A write whose answer is the whole post list: it goes into every cached
     * copy, no refetch (`created`: the answer's last post is new). After a
     * delete the feeds are read again, so that no post falls between pages.
     */
    const postsWrite = <Arg>(query: (arg: Arg) => ApiArgs, effect: 'created' | 'deleted' | 'changed' = 'changed') =>
      build.mutation<Post[], Arg>({
        query,
        transformResponse: postsOf,
        async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            postsAnswered(dispatch, getState, data, effect === 'created');
            if (effect === 'deleted') dispatch(api.util.invalidateTags(['Feed']));
          } catch {
            // Nothing changed; the caller tells the user.
          }
        },
      });

    /**
     * A like or its undo: shown at once on the post wherever it is cached;
     * then, if the lists showing it were being read (a copy older than the
     * backend on screen, such as the last visit's), carried out on the post
     * as they answered it: nothing is sent when it already is as asked.
     */
    const vote = (kind: 'like' | 'dislike') =>
      build.mutation<Answer<Post[]>, string>({
        async queryFn(postId, { dispatch, getState }, _extra, send) {
          const me = sessionOf(getState).user;
          if (me && (await readsAnswered(dispatch, getState, { type: 'Post', id: postId }))) {
            const now = cachedPost(getState, postId);
            if (now && now.likes.likedBy.some((u) => u._id === me._id) === (kind === 'like')) return { data: null };
            // The answers replaced the copy the tap was shown on: shown again until this one answers.
            patchPost(dispatch, getState, postId, (post) => applyVote(post.likes, me, kind));
          }
          const answer = await send({ url: `/posts/${kind}/${id(postId)}`, method: 'POST' });
          if (answer.error) return { error: answer.error as ApiFailure };
          return { data: postsOf(answer.data as PostsResponse) };
        },
        async onQueryStarted(postId, { dispatch, getState, queryFulfilled }) {
          const me = sessionOf(getState).user;
          const undo = patchPost(dispatch, getState, postId, (post) => {
            if (me) applyVote(post.likes, me, kind);
          });
          const settle = (data: Answer<Post[]>) => data && postsAnswered(dispatch, getState, data);
          await answerOrUndo(queryFulfilled, settle, undo);
        },
      });

    /** Adding or removing a bookmark: on screen at once, then carried out as a like is; the answer is the whole list. */
    const bookmark = (kind: 'add' | 'remove') =>
      build.mutation<Answer<string[]>, string>({
        async queryFn(postId, { dispatch, getState }, _extra, send) {
          if (await readsAnswered(dispatch, getState, 'Bookmark')) {
            const ids = postsApi.endpoints.getBookmarks.select()(getState() as never).data ?? [];
            if (ids.includes(postId) === (kind === 'add')) return { data: null };
            dispatch(postsApi.util.updateQueryData('getBookmarks', undefined, () => toggled(ids, postId, kind)));
          }
          const answer = await send({
            url: `/users/${kind === 'add' ? 'bookmark' : 'remove-bookmark'}/${id(postId)}`,
            method: 'POST',
          });
          if (answer.error) return { error: answer.error as ApiFailure };
          return { data: bookmarksOf(answer.data as BookmarksResponse) };
        },
        async onQueryStarted(postId, { dispatch, queryFulfilled }) {
          // Every card reads its bookmark from this list, so every page shows the change.
          const patch = dispatch(
            postsApi.util.updateQueryData('getBookmarks', undefined, (list) => toggled(list, postId, kind)),
          );
          const settle = (data: Answer<string[]>) => {
            if (!data) return;
            dispatch(postsApi.util.updateQueryData('getBookmarks', undefined, () => data));
            // The bookmarks list is read by page number: read it again, so that no post falls between pages.
            dispatch(api.util.invalidateTags([{ type: 'Feed', id: 'bookmarks' }]));
          };
          await answerOrUndo(queryFulfilled, settle, patch.undo);
        },
      });

    return {
      createPost: postsWrite(
        (postData: PostData) => ({ url: '/posts', method: 'POST', body: { postData } satisfies PostRequest }),
        'created',
      ),
      editPost: postsWrite(({ postId, postData }: { postId: string; postData: PostData }) => ({
        url: `/posts/edit/${id(postId)}`,
        method: 'POST',
        body: { postData } satisfies PostRequest,
      })),
      deletePost: postsWrite((postId: string) => ({ url: `/posts/${id(postId)}`, method: 'DELETE' }), 'deleted'),
      likePost: vote('like'),
      dislikePost: vote('dislike'),
      addBookmark: bookmark('add'),
      removeBookmark: bookmark('remove'),
    };
  },
});

export const {
  useCreatePostMutation,
  useEditPostMutation,
  useDeletePostMutation,
  useLikePostMutation,
  useDislikePostMutation,
  useAddBookmarkMutation,
  useRemoveBookmarkMutation,
} = postWritesApi;
