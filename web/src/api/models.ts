// The API's entities as the app uses them. Kept in step with the core's
// structs; see docs/API.md.

export interface UserSummary {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  avatarURL: string;
}

export interface User extends UserSummary {
  email?: string;
  createdAt: string;
  updatedAt: string;
  bio: string;
  website: string;
  followers: UserSummary[];
  following: UserSummary[];
  bookmarks: string[];
}

export interface Comment {
  _id: string;
  text: string;
  username: string;
  firstName: string;
  lastName: string;
  avatarURL: string;
  votes: { upvotedBy: UserSummary[]; downvotedBy: UserSummary[] };
  createdAt: string;
  updatedAt: string;
}

export interface Post {
  _id: string;
  id: string;
  content: string;
  mediaURL: string;
  hashtags: string;
  username: string;
  firstName: string;
  lastName: string;
  avatarURL: string;
  createdAt: string;
  updatedAt: string;
  likes: { likeCount: number; likedBy: UserSummary[]; dislikedBy: UserSummary[] };
  comments: Comment[];
}

export interface PostData {
  content: string;
  mediaURL?: string;
  hashtags?: string;
}

export interface UserEdit {
  firstName?: string;
  lastName?: string;
  bio?: string;
  website?: string;
  avatarURL?: string;
}

export interface SignupData {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  avatarURL?: string;
}
