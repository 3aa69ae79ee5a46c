// Murmur's backend behind axios, which sends XMLHttpRequests: the service
// worker answers them like any fetch. `/` lists the posts, `/post/<id>`
// shows one. Text goes in with textContent, never as HTML.
import axios from 'axios';
import { startMurmurBackend } from '@murmur/backend';

interface Post {
  _id: string;
  content: string;
  mediaURL: string;
  username: string;
  likes: { likeCount: number };
}

const api = axios.create({ baseURL: '/api' });
let token = '';
api.interceptors.request.use((config) => {
  if (token) config.headers.Authorization = token;
  return config;
});
// The API's errors are {"errors": [message]}: surface the message.
api.interceptors.response.use(undefined, (error) =>
  Promise.reject(new Error(error.response?.data?.errors?.[0] ?? error.message)),
);

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
const message = $<HTMLParagraphElement>('#message');
const list = $<HTMLUListElement>('#posts');
const signupForm = $<HTMLFormElement>('#signup');
const composeForm = $<HTMLFormElement>('#compose');

async function busy(work: () => Promise<unknown>) {
  message.textContent = 'Loading…';
  try {
    await work();
    message.textContent = '';
  } catch (error) {
    message.textContent = (error as Error).message;
  }
}

function render(posts: Post[]) {
  list.replaceChildren(
    ...posts.map((post) => {
      const item = $<HTMLTemplateElement>('#post').content.cloneNode(true) as DocumentFragment;
      item.querySelector('.author')!.textContent = `@${post.username}`;
      item.querySelector('.content')!.textContent = post.content;
      const img = item.querySelector('img')!;
      if (post.mediaURL) Object.assign(img, { src: post.mediaURL, hidden: false });
      const like = item.querySelector<HTMLButtonElement>('.like')!;
      like.textContent = `Like (${post.likes.likeCount})`;
      like.onclick = () =>
        busy(async () => {
          await api.post(`/posts/like/${encodeURIComponent(post._id)}`);
          await show();
        });
      item.querySelector<HTMLAnchorElement>('.open')!.href = `/post/${encodeURIComponent(post._id)}`;
      return item;
    }),
  );
}

/** The page for the current path. */
async function show() {
  const id = /^\/post\/([^/]+)$/.exec(location.pathname)?.[1];
  signupForm.hidden = Boolean(token) || Boolean(id);
  composeForm.hidden = !token || Boolean(id);
  if (id) render([(await api.get<{ post: Post }>(`/posts/${id}`)).data.post]);
  else render((await api.get<{ posts: Post[] }>('/posts')).data.posts);
}

// Links inside the app change the path without a reload (the data lives in memory).
document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-link]');
  if (!link) return;
  event.preventDefault();
  history.pushState(null, '', link.pathname);
  void busy(show);
});
window.addEventListener('popstate', () => void busy(show));

signupForm.onsubmit = (event) => {
  event.preventDefault();
  void busy(async () => {
    token = (await api.post<{ encodedToken: string }>('/auth/signup', Object.fromEntries(new FormData(signupForm))))
      .data.encodedToken;
    await show();
  });
};

composeForm.onsubmit = (event) => {
  event.preventDefault();
  const content = (composeForm.elements.namedItem('content') as HTMLTextAreaElement).value;
  const image = (composeForm.elements.namedItem('image') as HTMLInputElement).files?.[0];
  void busy(async () => {
    const mediaURL = image ? (await api.post<{ mediaURL: string }>('/media', image)).data.mediaURL : undefined;
    await api.post('/posts', { postData: { content, mediaURL } });
    composeForm.reset();
    await show();
  });
};

// Start the backend, then render: our own seed, kept in memory only (a
// reload starts from it again), each answer a little late (`latency`).
startMurmurBackend({
  persist: 'memory',
  latency: [150, 400],
  seed: {
    users: [{ username: 'demo', password: 'demo-pass', firstName: 'Demo', lastName: 'User' }],
    posts: [
      { username: 'demo', content: 'Hello from a seeded account' },
      { username: 'demo', content: 'XHR works too: axios goes through the service worker' },
      { username: 'demo', content: 'Latency makes the loading state visible', likedBy: ['demo'] },
    ],
  },
}).then(
  () => busy(show),
  (error: Error) => (message.textContent = `The backend could not start: ${error.message}`),
);
