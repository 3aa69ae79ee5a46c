// A post's comments: adding, editing and deleting one shows on the post
// wherever it is cached at once (api/cacheUpdates.ts); the answer, every
// post, then replaces it, and a refusal takes the change back everywhere.
import { answerOrUndo, api, sessionOf } from '../../api/apiSlice';
import type { ApiArgs } from '../../api/baseQuery';
import { patchPost, postsAnswered } from '../../api/cacheUpdates';
import type { Comment, Post, User } from '../../api/models';
import type { CommentRequest } from '../../api/types';
import { postsOf } from '../../api/postsApi';

const id = encodeURIComponent;
const commentBody = (text: string): CommentRequest => ({ commentData: text });

/** A comment as it shows until the core answers with the real one. */
function pendingComment(me: User, text: string): Comment {
  const now = new Date().toISOString();
  const { firstName, lastName, username, avatarURL } = me;
  return {
    _id: `pending-${now}`,
    text,
    firstName,
    lastName,
    username,
    avatarURL,
    votes: { upvotedBy: [], downvotedBy: [] },
    createdAt: now,
    updatedAt: now,
  };
}

export const commentsApi = api.injectEndpoints({
  endpoints: (build) => {
    /** A write to one post's comments whose answer is the whole post list, `change` shown first. */
    const commentWrite = <Arg extends { postId: string }>(
      query: (arg: Arg) => ApiArgs,
      change: (post: Post, arg: Arg, me: User) => void,
    ) =>
      build.mutation<Post[], Arg>({
        query,
        transformResponse: postsOf,
        async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
          const me = sessionOf(getState).user;
          const undo = patchPost(dispatch, getState, arg.postId, (post) => {
            if (me) change(post, arg, me);
          });
          await answerOrUndo(queryFulfilled, (data) => postsAnswered(dispatch, getState, data), undo);
        },
      });

    return {
      addComment: commentWrite(
        ({ postId, text }: { postId: string; text: string }) => ({
          url: `/comments/add/${id(postId)}`,
          method: 'POST',
          body: commentBody(text),
        }),
        (post, { text }, me) => void post.comments.push(pendingComment(me, text)),
      ),
      editComment: commentWrite(
        ({ postId, commentId, text }: { postId: string; commentId: string; text: string }) => ({
          url: `/comments/edit/${id(postId)}/${id(commentId)}`,
          method: 'POST',
          body: commentBody(text),
        }),
        (post, { commentId, text }) => {
          const comment = post.comments.find((c) => c._id === commentId);
          if (comment) comment.text = text;
        },
      ),
      deleteComment: commentWrite(
        ({ postId, commentId }: { postId: string; commentId: string }) => ({
          url: `/comments/delete/${id(postId)}/${id(commentId)}`,
          method: 'POST',
        }),
        (post, { commentId }) => {
          post.comments = post.comments.filter((c) => c._id !== commentId);
        },
      ),
    };
  },
});

export const { useAddCommentMutation, useEditCommentMutation, useDeleteCommentMutation } = commentsApi;
