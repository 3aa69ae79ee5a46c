// The API's entities under the names the app uses. They are the types
// generated from the core's Rust structs (api/types, `UPDATE_TS_TYPES=1 cargo
// test`), so a change in the core's shapes fails `tsc` here.
import type {
  CommentView,
  PostData as PostFields,
  PostView,
  SignupRequest,
  UserData,
  UserSummary,
  UserView,
} from './types';

export type { UserSummary } from './types';
export type User = UserView;
export type Post = PostView;
export type Comment = CommentView;
/** What the app sends to create or edit a post: it always sends the content. */
export type PostData = PostFields & { content: string };
/** The profile fields the app edits (a username is never sent). */
export type UserEdit = Omit<UserData, 'username'>;
export type SignupData = SignupRequest;

/** How a user appears in another's lists (likes, follows). */
export function summaryOf(user: UserSummary): UserSummary {
  const { _id, firstName, lastName, username, avatarURL } = user;
  return { _id, firstName, lastName, username, avatarURL };
}
