// The API client: axios, the signed-in user's token in the Authorization
// header, and the API's errors ({"errors": [message]}) turned into Errors
// that carry the backend's own message.
import axios, { isAxiosError } from 'axios';

export interface Comment {
  _id: string;
  text: string;
  username: string;
  createdAt: string;
}

export interface Post {
  _id: string;
  content: string;
  hashtags: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  likes: { likeCount: number; likedBy: { username: string }[] };
  comments: Comment[];
}

export interface Session {
  token: string;
  username: string;
}

// Kept for this tab only: a reload stays signed in, a new tab starts signed out.
const SESSION_KEY = 'murmur-example-session';

export function currentSession(): Session | null {
  const saved = sessionStorage.getItem(SESSION_KEY);
  return saved ? (JSON.parse(saved) as Session) : null;
}

export function signOut() {
  sessionStorage.removeItem(SESSION_KEY);
}

const api = axios.create({ baseURL: '/api' });
api.interceptors.request.use((config) => {
  const session = currentSession();
  if (session) config.headers.Authorization = session.token;
  return config;
});
api.interceptors.response.use(undefined, (error: unknown) =>
  Promise.reject(
    new Error(
      isAxiosError<{ errors?: string[] }>(error) ? (error.response?.data?.errors?.[0] ?? error.message) : String(error),
    ),
  ),
);

export async function signIn(username: string, password: string) {
  const { data } = await api.post<{ encodedToken: string; foundUser: { username: string } }>('/auth/login', {
    username,
    password,
  });
  const session: Session = { token: data.encodedToken, username: data.foundUser.username };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

/** The signed-in user's home feed: their posts and those of the people they follow, newest first. */
export async function getFeed() {
  return (await api.get<{ total: number; posts: Post[] }>('/posts/feed', { params: { limit: 20 } })).data;
}

export async function getPost(id: string) {
  return (await api.get<{ post: Post }>(`/posts/${encodeURIComponent(id)}`)).data.post;
}

export async function like(id: string, liked: boolean) {
  await api.post(`/posts/${liked ? 'like' : 'dislike'}/${encodeURIComponent(id)}`);
}
