// The API client: fetch, and the token in the Authorization header.

export interface Post {
  _id: string;
  content: string;
  mediaURL: string;
  username: string;
  likes: { likeCount: number };
}

let token = '';

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', token);
  const res = await fetch(`/api${path}`, { ...init, headers });
  const body = await res.json();
  if (!res.ok) throw new Error(body.errors?.[0] ?? `HTTP ${res.status}`);
  return body as T;
}

const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body: JSON.stringify(body ?? {}) });

export async function signUp(user: { firstName: string; lastName: string; username: string; password: string }) {
  ({ encodedToken: token } = await post<{ encodedToken: string }>('/auth/signup', user));
}

export const getPosts = () => api<{ posts: Post[] }>('/posts').then((r) => r.posts);
export const getPost = (id: string) => api<{ post: Post }>(`/posts/${encodeURIComponent(id)}`).then((r) => r.post);
export const like = (id: string) => post(`/posts/like/${encodeURIComponent(id)}`);

/** Uploads the image (the backend keeps the bytes), then posts with its URL. */
export async function createPost(content: string, image: File | undefined) {
  const mediaURL = image
    ? (await api<{ mediaURL: string }>('/media', { method: 'POST', body: image })).mediaURL
    : undefined;
  await post('/posts', { postData: { content, mediaURL } });
}
