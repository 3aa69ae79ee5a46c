// A two-route app over Murmur's backend: the feed at `/`, one post at
// `/post/<id>`. Everything is rendered with textContent, never as HTML.
import { startMurmurBackend } from '@murmur/backend';
import { createPost, getPost, getPosts, like, signUp, type Post } from './api';
import './style.css';

const app = document.getElementById('app')!;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const status = el('p', { role: 'status' });

/** Runs `work` with "Loading…" shown, and shows its error, if any. */
async function busy(work: () => Promise<void>) {
  status.textContent = 'Loading…';
  status.setAttribute('role', 'status');
  try {
    await work();
    status.textContent = '';
  } catch (error) {
    status.setAttribute('role', 'alert');
    status.textContent = error instanceof Error ? error.message : String(error);
  }
}

function navigate(path: string) {
  history.pushState(null, '', path);
  void route();
}

function postView(post: Post, onChange: () => Promise<void>) {
  const open = el('a', { href: `/post/${encodeURIComponent(post._id)}`, textContent: 'Open' });
  open.addEventListener('click', (event) => {
    event.preventDefault();
    navigate(open.pathname);
  });
  const likeButton = el('button', { type: 'button', textContent: `Like (${post.likes.likeCount})` });
  likeButton.addEventListener('click', () =>
    busy(async () => {
      await like(post._id);
      await onChange();
    }),
  );
  return el(
    'article',
    {},
    el('strong', { textContent: `@${post.username}` }),
    el('p', { textContent: post.content }),
    ...(post.mediaURL ? [el('img', { src: post.mediaURL, alt: 'Post image' })] : []),
    likeButton,
    ' ',
    open,
  );
}

function signUpForm(onDone: () => void) {
  const field = (name: string, label: string, type = 'text') =>
    el('label', {}, label, ' ', el('input', { name, type, required: true }));
  const form = el(
    'form',
    { ariaLabel: 'Sign up' },
    field('firstName', 'First name'),
    field('lastName', 'Last name'),
    field('username', 'Username'),
    field('password', 'Password', 'password'),
    el('button', { textContent: 'Sign up' }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    void busy(async () => {
      await signUp({
        firstName: data.firstName!,
        lastName: data.lastName!,
        username: data.username!,
        password: data.password!,
      });
      onDone();
    });
  });
  return form;
}

function postForm(onPosted: () => Promise<void>) {
  const content = el('textarea', { name: 'content', required: true, ariaLabel: 'What is happening?' });
  const image = el('input', { type: 'file', accept: 'image/png,image/jpeg', ariaLabel: 'Image' });
  const form = el('form', { ariaLabel: 'New post' }, content, image, el('button', { textContent: 'Post' }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(async () => {
      await createPost(content.value, image.files?.[0]);
      form.reset();
      await onPosted();
    });
  });
  return form;
}

let signedIn = false;

async function feedPage() {
  const list = el('section', { ariaLabel: 'Posts' });
  const refresh = async () => list.replaceChildren(...(await getPosts()).map((post) => postView(post, refresh)));
  const top = signedIn
    ? postForm(refresh)
    : signUpForm(() => {
        signedIn = true;
        void route();
      });
  app.replaceChildren(el('h1', { textContent: 'Murmur, with fetch' }), status, top, list);
  await busy(refresh);
}

async function postPage(id: string) {
  const back = el('a', { href: '/', textContent: '← All posts' });
  back.addEventListener('click', (event) => {
    event.preventDefault();
    navigate('/');
  });
  const holder = el('section', { ariaLabel: 'Post' });
  const show = async () => holder.replaceChildren(postView(await getPost(id), show));
  app.replaceChildren(back, status, holder);
  await busy(show);
}

async function route() {
  const match = /^\/post\/([^/]+)$/.exec(location.pathname);
  await (match ? postPage(decodeURIComponent(match[1]!)) : feedPage());
}

window.addEventListener('popstate', () => void route());

// Step 3 of the README: start the backend, then render. `seed`: our own
// accounts and posts (not Murmur's demo data, whose images live in Murmur's
// site); `memory`: every load starts from it again; `latency`: each answer
// comes a little late, so "Loading…" shows; `workerUrl`: msw's worker wrapped
// in public/sw.js, which takes over a hard-reloaded page when asked.
startMurmurBackend({
  persist: 'memory',
  workerUrl: '/sw.js',
  latency: [150, 400],
  seed: {
    users: [
      { username: 'lin', password: 'lin-pass', firstName: 'Lin', lastName: 'Park' },
      { username: 'omar', password: 'omar-pass', firstName: 'Omar', lastName: 'Haddad' },
    ],
    follows: [['omar', 'lin']],
    posts: [
      { username: 'lin', content: 'First light over the harbour', hashtags: '#morning', likedBy: ['omar'] },
      { username: 'omar', content: 'Bread is proofing. Patience is an ingredient.' },
      { username: 'lin', content: 'Anyone up for a walk at noon?' },
    ],
  },
}).then(route, (error: unknown) => {
  app.textContent = `The backend could not start: ${error instanceof Error ? error.message : String(error)}`;
});
