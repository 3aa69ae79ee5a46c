import { act, render, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../api/apiSlice';
import { putLastFeed, readLastFeed } from '../../api/lastFeed';
import { LAST_FEED_KEY, LAST_FEED_PICTURE_KEY, LAST_FEED_VERSION } from '../../api/lastFeedStorage';
import type { Post } from '../../api/models';
import type { SessionState } from '../../api/storedSession';
import { makeStore, type AppStore, type RootState } from '../../app/store';
import { holdBackendRequestsUntil } from '../../lib/backendGate';
import { testPost, testUser } from '../../testing/fixtures';
import { FilterBar } from './FilterBar';
import { HomePage } from './HomePage';
import {
  drawPicture,
  keepPicture,
  PICTURE_CARDS,
  pictureSource,
  readPicture,
  replayPictureTap,
  showPicture,
  takePicture,
  type PictureElement,
} from './lastFeedPicture';
import { PostCard } from './PostCard';
import { FIRST_PASS_COUNT } from './WindowedPostList';

const me = testUser({ avatarURL: '/avatars/seed-1.svg' });
const session: SessionState = { user: me, token: 't-1' };

function post(id: string, overrides: Partial<Post> = {}): Post {
  return testPost(id, {
    content: `Post ${id} #hi`,
    hashtags: '#hi',
    avatarURL: '/avatars/seed-2.svg',
    likes: { likeCount: 3, likedBy: [{ ...me }], dislikedBy: [] },
    ...overrides,
  });
}

/** Home's feed section as the app renders it (Feed: the filter bar, the list, what follows it). */
function renderFeed(posts: Post[], bookmarks: string[] = []) {
  const store = makeStore({ preloadedState: { session } });
  void store.dispatch(api.util.upsertQueryData('getBookmarks', undefined, bookmarks));
  const { container } = render(
    <Provider store={store}>
      <MemoryRouter>
        <section className="feed">
          <FilterBar />
          <ul className="post-list" aria-label="Posts" style={{ paddingTop: 0 }}>
            {posts.map((p) => (
              <li key={p._id} className="post-list__item" data-post-id={p._id}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
          <p className="feed__end">You’re all caught up</p>
        </section>
      </MemoryRouter>
    </Provider>,
  );
  const feed = container.querySelector('section.feed');
  if (!feed) throw new Error('no feed');
  return feed;
}

const ids = (posts: Post[]) => posts.map((p) => p._id);

/** Keeps a copy of Home (api/lastFeed.ts's shape) and a picture taken of it. */
function keepBoth(storage: Storage, posts: Post[], bookmarks: string[] = []) {
  storage.setItem(
    LAST_FEED_KEY,
    JSON.stringify({
      version: LAST_FEED_VERSION,
      userId: me._id,
      token: session.token,
      page: { posts, total: posts.length },
      bookmarks,
    }),
  );
  const picture = takePicture(renderFeed(posts, bookmarks), ids(posts));
  if (!picture) throw new Error('no picture taken');
  keepPicture(session, pictureSource(posts, bookmarks), picture, storage);
}

/** Home's prerendered page as the build writes it (HomePage while loading): the picture's empty place, then the spinner. */
function prerenderedHome() {
  document.body.innerHTML =
    '<div id="root" data-prerendered-path="/" data-prerendered-session="in"><div class="posts-page">' +
    '<section class="card composer-card"></section><div class="last-feed-place"></div>' +
    '<div class="spinner" role="status"><span class="visually-hidden">Loading posts</span></div></div></div>';
}

const withData = { databases: () => Promise.resolve([{ name: 'murmur', version: 1 }]) } as unknown as IDBFactory;
const withoutData = { databases: () => Promise.resolve([]) } as unknown as IDBFactory;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  delete document.documentElement.dataset.lastFeedPicture;
  delete document.documentElement.dataset.lastFeedTap;
});

describe('the picture of the last Home', () => {
  it('holds as many cards as a list first renders', () => {
    expect(PICTURE_CARDS).toBe(FIRST_PASS_COUNT);
  });

  it('is the feed heading and the first two cards, drawn back as the app rendered them', () => {
    const posts = [
      post('p-1', { mediaURL: '/seed/waves.webp' }),
      post('p-2', { mediaURL: '/seed/waves.mp4' }),
      post('p-3'),
    ];
    const feed = renderFeed(posts, ['p-2']);
    const picture = takePicture(feed, ids(posts));
    expect(picture).not.toBeNull();
    const drawn = drawPicture(picture!, document) as Element;

    const cards = drawn.querySelectorAll('article');
    expect(cards).toHaveLength(2);
    const original = feed.querySelectorAll('article');
    expect([...cards].map((c) => c.textContent)).toEqual([original[0]?.textContent, original[1]?.textContent]);
    expect(drawn.querySelector('.filter-bar__title')?.textContent).toBe('Latest Posts');
    expect(drawn.querySelector('.feed__end')).toBeNull();
    // The same classes and states: the same look.
    expect(cards[0]?.className).toBe(original[0]?.className);
    const bookmark = (card: Element | undefined) =>
      card?.querySelector('[aria-label="Bookmark"]')?.getAttribute('aria-pressed');
    expect(bookmark(cards[1])).toBe(bookmark(original[1]));
    expect(cards[0]?.querySelector('.post-card__like')?.getAttribute('aria-pressed')).toBe('true');
    expect(cards[0]?.querySelector('[data-testid="like-count"]')).toBeNull();
    // Icons stay SVG, images keep their addresses.
    const icon = cards[0]?.querySelector('svg');
    expect(icon?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(icon?.querySelector('path')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    const images = [...(cards[0]?.querySelectorAll('img') ?? [])].map((img) => img.getAttribute('src'));
    expect(images).toEqual([...original[0]!.querySelectorAll('img')].map((img) => img.getAttribute('src')));
    expect(images).toContain('/avatars/seed-2.svg');
    // A video shows its first frame, as the app's card does.
    const video = cards[1]?.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/seed/waves.mp4');
    expect(video?.getAttribute('preload')).toBe('metadata');
    // No style, no list padding taken from the windowed list.
    expect(drawn.querySelector('[style]')).toBeNull();
  });

  it('is not taken when the list on screen does not begin with the first posts (a long list scrolled on)', () => {
    const posts = [post('p-1'), post('p-2'), post('p-3'), post('p-4')];
    const windowed = renderFeed(posts.slice(2));
    expect(takePicture(windowed, ids(posts))).toBeNull();
    expect(takePicture(renderFeed(posts), ids(posts))).not.toBeNull();
  });

  it("draws a post's text as text", () => {
    const evil = post('p-1', { content: '<img src=x onerror="window.hit=1"> <script>window.hit=2</script>' });
    const drawn = drawPicture(takePicture(renderFeed([evil]), ['p-1'])!, document) as Element;
    document.body.append(drawn);
    expect(drawn.querySelector('.post-card__content')?.textContent).toContain('<img src=x onerror="window.hit=1">');
    expect(drawn.querySelector('img[src="x"]')).toBeNull();
    expect(drawn.querySelector('script')).toBeNull();
  });

  it('draws no markup, handler, style, script or outside address from an edited picture', () => {
    const edited = [
      'section',
      { class: 'feed', onclick: 'window.hit = 1', style: 'display:none' },
      ['script', {}, 'window.hit = 2'],
      ['iframe', { src: '/' }],
      ['a', { href: 'javascript:window.hit=3', class: 'one' }, 'one'],
      ['a', { href: '//elsewhere.example/', class: 'two' }, 'two'],
      ['a', { href: '/profile/maya_lind', class: 'three' }, 'three'],
      ['img', { src: 'https://elsewhere.example/x.png', onerror: 'window.hit = 4', alt: '' }],
      ['img', { srcset: '/a.webp 640w, https://elsewhere.example/b.webp 1200w', class: 'set' }],
      ['div', { class: 'text' }, '<b>bold</b>'],
      ['svg', { viewBox: '0 0 24 24', onload: 'window.hit = 5' }, ['script', {}, 'x'], ['path', { d: 'M0 0' }]],
      ['div', 'not attributes'],
      42,
    ] as unknown as PictureElement;
    const drawn = drawPicture(edited, document) as Element;
    expect(drawn.getAttribute('onclick')).toBeNull();
    expect(drawn.getAttribute('style')).toBeNull();
    expect(drawn.querySelector('script, iframe, b')).toBeNull();
    expect(drawn.querySelector('.one')?.hasAttribute('href')).toBe(false);
    expect(drawn.querySelector('.two')?.hasAttribute('href')).toBe(false);
    expect(drawn.querySelector('.three')?.getAttribute('href')).toBe('/profile/maya_lind');
    const img = drawn.querySelector('img');
    expect(img?.hasAttribute('src')).toBe(false);
    expect(img?.hasAttribute('onerror')).toBe(false);
    expect(drawn.querySelector('.set')?.hasAttribute('srcset')).toBe(false);
    expect(drawn.querySelector('.text')?.textContent).toBe('<b>bold</b>');
    expect(drawn.querySelector('svg')?.hasAttribute('onload')).toBe(false);
    expect(drawn.querySelector('path')?.getAttribute('d')).toBe('M0 0');
    expect(drawn.childNodes).toHaveLength(7);
  });

  it('says how long ago as of the visit it is drawn in, and keeps an old date as taken', () => {
    const now = Date.now();
    const posts = [
      post('p-1', { createdAt: new Date(now - 5 * 60_000).toISOString() }),
      post('p-2', { createdAt: new Date(now - 400 * 86_400_000).toISOString() }),
    ];
    const picture = takePicture(renderFeed(posts), ids(posts))!;
    const times = (drawn: Node) => [...(drawn as Element).querySelectorAll('time')].map((t) => t.textContent);
    const taken = times(drawPicture(picture, document, new Date(now))!);
    expect(taken[0]).toBe('5 minutes ago');
    const dayLater = times(drawPicture(picture, document, new Date(now + 86_400_000))!);
    expect(dayLater).toEqual(['1 day ago', taken[1]]);
  });

  it('is read only for the session it was taken in and over the copy it was taken from', () => {
    const posts = [post('p-1'), post('p-2'), post('p-3')];
    keepBoth(localStorage, posts, ['p-1']);
    expect(readPicture(session)?.feed[0]).toBe('section');
    expect(readPicture({ user: me, token: 'another sign-in' })).toBeNull();
    expect(readPicture({ user: { ...me, _id: 'u-other' }, token: session.token })).toBeNull();
    expect(localStorage.getItem(LAST_FEED_PICTURE_KEY)).toBeNull();

    // The copy changed since (a like on another page, a newer answer): the picture is not drawn, and forgotten.
    keepBoth(localStorage, posts, ['p-1']);
    const copy = JSON.parse(localStorage.getItem(LAST_FEED_KEY)!) as { page: { posts: Post[] } };
    copy.page.posts[1]!.likes.likeCount = 4;
    localStorage.setItem(LAST_FEED_KEY, JSON.stringify(copy));
    expect(readPicture(session)).toBeNull();
    expect(localStorage.getItem(LAST_FEED_PICTURE_KEY)).toBeNull();

    // A third post's change does not show in the picture: it stays.
    keepBoth(localStorage, posts, ['p-1']);
    copy.page.posts[1]!.likes.likeCount = 3;
    copy.page.posts[2]!.likes.likeCount = 9;
    localStorage.setItem(LAST_FEED_KEY, JSON.stringify(copy));
    expect(readPicture(session)).not.toBeNull();

    // No copy, or garbage: nothing.
    localStorage.removeItem(LAST_FEED_KEY);
    expect(readPicture(session)).toBeNull();
    localStorage.setItem(LAST_FEED_PICTURE_KEY, '{not json');
    expect(readPicture(session)).toBeNull();
    expect(localStorage.getItem(LAST_FEED_PICTURE_KEY)).toBeNull();
  });

  it('is not kept when too large or without a session', () => {
    const picture = ['section', { class: 'feed' }, 'x'.repeat(40_000)] as PictureElement;
    keepPicture(session, '[]', picture);
    expect(localStorage.getItem(LAST_FEED_PICTURE_KEY)).toBeNull();
    keepPicture({ user: null, token: null }, '[]', ['section', {}]);
    expect(localStorage.getItem(LAST_FEED_PICTURE_KEY)).toBeNull();
  });
});

describe('showPicture (the picture script)', () => {
  it("draws the cards in the prerendered Home's place for them, out of the focus order, and says so", async () => {
    keepBoth(localStorage, [post('p-1'), post('p-2'), post('p-3')]);
    document.body.innerHTML = '';
    prerenderedHome();
    const shown = showPicture(session, document, localStorage, withData);
    expect(document.documentElement.dataset.lastFeedPicture).toBe('pending');
    expect(await shown).toBe(true);
    expect(document.documentElement.dataset.lastFeedPicture).toBe('shown');
    const frame = document.querySelector('.posts-page > .last-feed-place > .last-feed-picture');
    expect(frame).not.toBeNull();
    // The page's own elements stay as the HTML made them (the app hydrates them): only the place is filled.
    expect(document.querySelector('.last-feed-place + .spinner')).not.toBeNull();
    expect(document.querySelector('.last-feed-place')?.children).toHaveLength(1);
    expect(frame?.querySelectorAll('article')).toHaveLength(2);
    const cards = frame?.querySelector('[aria-hidden="true"]');
    expect(cards?.contains(frame!.querySelector('article'))).toBe(true);
    const controls = [...(cards?.querySelectorAll('a, button') ?? [])];
    expect(controls.length).toBeGreaterThan(4);
    expect(controls.filter((control) => control.getAttribute('tabindex') !== '-1')).toEqual([]);
    expect(frame?.querySelector('[role="status"]')?.textContent).toBe('Loading posts');
    expect(performance.getEntriesByName('murmur:last-feed-picture')).toHaveLength(1);
  });

  it('keeps a tap on one of its links or buttons, follows no link, and the app does it again on its own card', async () => {
    const posts = [post('p-1'), post('p-2'), post('p-3')];
    keepBoth(localStorage, posts);
    document.body.innerHTML = '';
    prerenderedHome();
    expect(await showPicture(session, document, localStorage, withData)).toBe(true);
    const frame = document.querySelector('.last-feed-picture')!;
    const pictured = [...frame.querySelectorAll<HTMLElement>('a, button')];
    const comments = frame
      .querySelectorAll<HTMLElement>('article')[1]!
      .querySelector<HTMLElement>('a[href^="/post/"]')!;
    const index = pictured.indexOf(comments);
    expect(index).toBeGreaterThan(0);
    // Not followed: the click's default is prevented.
    expect(comments.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false);
    expect(comments.classList.contains('is-waiting')).toBe(true);
    expect(frame.getAttribute('aria-busy')).toBe('true');
    expect(document.documentElement.dataset.lastFeedTap).toBe(String(index));

    // The app's first render: the same controls in the same order, the tap done on the same one.
    document.body.innerHTML = '';
    const feed = renderFeed(posts);
    const own = [...feed.querySelectorAll<HTMLElement>('a, button')];
    expect(own.map((control) => control.textContent).slice(0, pictured.length)).toEqual(
      pictured.map((control) => control.textContent),
    );
    let clicked: Element | null = null;
    feed.addEventListener('click', (event) => {
      clicked = event.target as Element;
      event.preventDefault();
    });
    expect(replayPictureTap(document, feed)).toBe(true);
    expect(clicked).toBe(own[index]);
    expect(document.documentElement.dataset.lastFeedTap).toBeUndefined();
    // Done once.
    expect(replayPictureTap(document, feed)).toBe(false);
  });

  it('is laid out but not visible until the saved data is known to be here, and gives the spinner back if it is not', async () => {
    const deferredFactory = () => {
      let answer!: (names: { name: string }[]) => void;
      const factory = {
        databases: () => new Promise<{ name: string }[]>((resolve) => (answer = resolve)),
      } as unknown as IDBFactory;
      return { factory, answer: (names: { name: string }[]) => answer(names) };
    };
    keepBoth(localStorage, [post('p-1'), post('p-2')]);
    prerenderedHome();
    const slow = deferredFactory();
    const shown = showPicture(session, document, localStorage, slow.factory);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const frame = document.querySelector<HTMLElement>('.last-feed-picture');
    expect(frame?.style.visibility).toBe('hidden');
    slow.answer([{ name: 'murmur' }]);
    expect(await shown).toBe(true);
    expect(frame?.style.visibility).toBe('');

    prerenderedHome();
    const gone = deferredFactory();
    const notShown = showPicture(session, document, localStorage, gone.factory);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('.last-feed-picture')).not.toBeNull();
    gone.answer([]);
    expect(await notShown).toBe(false);
    expect(document.querySelector('.last-feed-picture')).toBeNull();
    expect(document.querySelector('.last-feed-place')?.childNodes).toHaveLength(0);
    expect(document.querySelector('.posts-page > .spinner')).not.toBeNull();
    expect(document.documentElement.dataset.lastFeedPicture).toBeUndefined();
  });

  it('is drawn while the page is still being parsed, as the parser makes its place', async () => {
    keepBoth(localStorage, [post('p-1'), post('p-2')]);
    const parsing = document.implementation.createHTMLDocument('');
    parsing.open();
    parsing.write('<!doctype html><html><head></head><body>');
    const shown = showPicture(session, parsing, localStorage, withData);
    parsing.write(
      '<div id="root" data-prerendered-path="/" data-prerendered-session="in"><div class="posts-page">' +
        '<div class="last-feed-place"></div><div class="spinner" role="status"></div></div><aside class="later">',
    );
    expect(parsing.readyState).toBe('loading');
    expect(await shown).toBe(true);
    expect(parsing.querySelector('.later')).not.toBeNull();
    expect(parsing.querySelectorAll('.last-feed-picture article')).toHaveLength(2);
    parsing.close();
  });

  it('draws nothing once the saved data is gone, off Home, or after the app has rendered', async () => {
    keepBoth(localStorage, [post('p-1'), post('p-2')]);
    prerenderedHome();
    expect(await showPicture(session, document, localStorage, withoutData)).toBe(false);
    expect(document.querySelector('.last-feed-picture')).toBeNull();
    expect(document.documentElement.dataset.lastFeedPicture).toBeUndefined();

    // The page in the HTML is not Home's (a deep link answered with another page).
    document.body.innerHTML =
      '<div id="root" data-prerendered-path="/login"><div class="posts-page"><div class="last-feed-place"></div></div></div>';
    expect(await showPicture(session, document, localStorage, withData)).toBe(false);
    expect(document.querySelector('.last-feed-picture')).toBeNull();

    // Home's own cards came first (they take the mark away: pictureReplaced).
    prerenderedHome();
    const late = showPicture(session, document, localStorage, withData);
    delete document.documentElement.dataset.lastFeedPicture;
    expect(await late).toBe(false);
    expect(document.querySelector('.last-feed-picture')).toBeNull();

    // Another session's picture: not even pending.
    prerenderedHome();
    expect(await showPicture({ user: me, token: 'other' }, document, localStorage, withData)).toBe(false);
    expect(document.documentElement.dataset.lastFeedPicture).toBeUndefined();
  });
});

describe('Home hydrated around the picture (the app over the HTML the picture script changed)', () => {
  afterEach(() => holdBackendRequestsUntil(Promise.resolve()));

  /** Home as the app renders it, with react-redux's `serverState` while hydrating (app/App.tsx). */
  const home = (store: AppStore, serverState?: RootState) => (
    <Provider store={store} serverState={serverState}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </Provider>
  );

  it("keeps every element the HTML made (the composer, what was typed in it, its focus) and replaces only the picture, with the copy's cards", async () => {
    const posts = [post('p-1'), post('p-2'), post('p-3')];
    keepBoth(localStorage, posts);
    // The backend is still starting: nothing answers.
    holdBackendRequestsUntil(new Promise(() => undefined));
    // The prerendered Home (loading), then the picture script.
    const html = renderToString(home(makeStore({ preloadedState: { session } })));
    document.body.innerHTML = `<div id="root" data-prerendered-path="/" data-prerendered-session="in">${html}</div>`;
    const container = document.getElementById('root')!;
    expect(await showPicture(session, document, localStorage, withData)).toBe(true);
    // The visitor types before the app runs.
    const textarea = container.querySelector('textarea')!;
    textarea.focus();
    textarea.value = 'Typed before the app ran';
    textarea.setSelectionRange(5, 5);

    // src/start.tsx: the copy goes into the store, and the app hydrates the HTML's page.
    const store = makeStore({ preloadedState: { session } });
    const serverState = store.getState();
    const copy = readLastFeed(session);
    expect(copy).not.toBeNull();
    expect(putLastFeed(store.dispatch, store.getState, copy!)).toBe(true);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, home(store, serverState), { onRecoverableError: (error) => errors.push(error) });
    });
    await waitFor(() => expect(container.querySelectorAll('.post-list article')).toHaveLength(posts.length));
    // No mismatch: React hydrated the page rather than render it afresh.
    expect(errors).toEqual([]);
    expect(container.querySelector('.last-feed-picture')).toBeNull();
    expect(container.querySelector('.last-feed-place')).toBeNull();
    expect(container.querySelector('textarea')).toBe(textarea);
    expect(textarea.value).toBe('Typed before the app ran');
    expect(document.activeElement).toBe(textarea);
    expect(textarea.selectionStart).toBe(5);
    // The picture is over: the picture script would draw none now.
    expect(document.documentElement.dataset.lastFeedPicture).toBeUndefined();
  });
});
