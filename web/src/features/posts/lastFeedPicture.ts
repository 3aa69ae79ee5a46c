// A picture of Home's first cards as the visitor saw them last. The app
// takes it once Home shows the backend's answer (HomePage); on the next visit
// a render-blocking script in Home's HTML (src/bootPicture.ts) draws it in
// the prerendered Home's picture place, over its "Loading posts", before any
// module has loaded, so a returning visitor's first frame already holds
// their feed. The app then hydrates the page as usual (React leaves that
// place's children alone: HomePage) and renders the same cards from the kept
// copy (api/lastFeed.ts), which replace the picture in one commit; the rest
// of the page (the composer and what was typed in it) is never replaced.
//
// The picture is a tree of plain data, not HTML: it is drawn with
// createElement, setAttribute and text nodes, from a list of tags and
// attributes that a card uses, so nothing in it (a post's text, a stored
// value someone edited) can become markup, a script, a handler or a
// `javascript:` link. It is drawn only when it was taken from exactly the
// posts the kept copy holds (`source`), for the session saved now, and
// while the backend's saved data is still on this device. Focus never
// enters it; a tap on one of its links or buttons is kept and replayed on
// the app's own card once it has replaced the picture (replayPictureTap).
import {
  LAST_FEED_KEY,
  LAST_FEED_PICTURE_KEY,
  LAST_FEED_VERSION,
  localStore,
  savedDataExists,
} from '../../api/lastFeedStorage';
import type { SessionState } from '../../api/storedSession';
import { relativeTime } from '../../lib/time';

/** Cards in the picture: as many as a post list's first render holds (WindowedPostList's FIRST_PASS_COUNT). */
export const PICTURE_CARDS = 2;
/** A picture larger than this is not kept (an image given as a data: address, say). */
export const PICTURE_MAX_CHARS = 32_000;
const PICTURE_VERSION = 1;
/** Up to this age a card says how long ago ('3 days ago', '9 months ago'), never a date. */
const RECENT_MS = 300 * 24 * 60 * 60 * 1000;

/** A text, or an element: its tag, its attributes, then its children. */
export type PictureNode = string | PictureElement;
export type PictureElement = [tag: string, attributes: Record<string, string>, ...children: PictureNode[]];

export interface LastFeedPicture {
  version: typeof PICTURE_VERSION;
  userId: string;
  token: string;
  /** What the cards were rendered from (pictureSource): the picture is drawn only over the same copy. */
  source: string;
  /** Home's `section.feed` with its first PICTURE_CARDS cards. */
  feed: PictureElement;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The elements a picture may hold (those of a feed's cards), HTML then SVG. */
const HTML_TAGS = new Set([
  'section',
  'div',
  'span',
  'p',
  'ul',
  'li',
  'article',
  'header',
  'footer',
  'h1',
  'h2',
  'h3',
  'a',
  'button',
  'img',
  'picture',
  'source',
  'video',
  'time',
  'strong',
  'em',
  'br',
]);
const SVG_TAGS = new Set(['svg', 'path', 'circle', 'rect', 'ellipse', 'line', 'polyline', 'polygon', 'g']);

/** The attributes a picture keeps; any other (a handler, a style) is dropped when taken and when drawn. */
const ATTRIBUTES = new Set([
  'class',
  'role',
  'alt',
  'title',
  'datetime',
  'width',
  'height',
  'type',
  'disabled',
  'loading',
  'decoding',
  'href',
  'src',
  'srcset',
  'sizes',
  'preload',
  'playsinline',
  // SVG
  'viewBox',
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'points',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'focusable',
]);

/** An address kept: a path of this site, or an image given inline. Never another scheme (`javascript:`). */
function safeAddress(name: string, value: string): boolean {
  const path = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
  if (name === 'href') return path(value);
  if (name === 'src') return path(value) || value.startsWith('data:image/');
  // srcset: "url 640w, url 1200w"
  return value.split(',').every((part) => path(part.trim()));
}

function keptAttribute(name: string, value: string): boolean {
  if (name.startsWith('aria-')) return true;
  if (!ATTRIBUTES.has(name)) return false;
  if (name === 'href' || name === 'src' || name === 'srcset') return safeAddress(name, value);
  return true;
}

/** What a card's look depends on beyond the DOM: the posts drawn and which of them are bookmarked. */
export function pictureSource(posts: readonly unknown[], bookmarks: readonly string[]): string {
  const shown = posts.slice(0, PICTURE_CARDS);
  const ids = new Set(shown.map((post) => (isRecord(post) ? post._id : undefined)));
  return JSON.stringify([shown, bookmarks.filter((id) => ids.has(id)).sort()]);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function take(node: Node, cardsLeft: { count: number }): PictureNode | null {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return null;
  const tag = node.localName;
  const svg = node.namespaceURI === SVG_NS;
  if (!(svg ? SVG_TAGS : HTML_TAGS).has(tag)) return null;
  // What is open for a moment (a menu, a hidden part) is not part of the picture.
  if (node.hasAttribute('hidden') || node.getAttribute('role') === 'menu') return null;
  if (tag === 'li') {
    if (cardsLeft.count <= 0) return null;
    cardsLeft.count -= 1;
  }
  const attributes: Record<string, string> = {};
  for (const { name, value } of node.attributes) if (keptAttribute(name, value)) attributes[name] = value;
  const children: PictureNode[] = [];
  for (const child of node.childNodes) {
    const taken = take(child, cardsLeft);
    if (taken !== null) children.push(taken);
  }
  return [tag, attributes, ...children];
}

/**
 * The picture of a feed: `feed` is Home's `section.feed`; its heading and its
 * list's first PICTURE_CARDS cards are kept (not what comes after the list),
 * when those cards are the posts `postIds` begins with.
 */
export function takePicture(feed: Element, postIds: readonly string[]): PictureElement | null {
  const [heading, list] = [feed.querySelector(':scope > .filter-bar'), feed.querySelector(':scope > .post-list')];
  if (!list || !list.querySelector('article')) return null;
  // The list's first cards must be the first posts: not so once a long list is scrolled (its window moved on).
  const first = [...list.children].slice(0, PICTURE_CARDS).map((item) => item.getAttribute('data-post-id'));
  if (first.join('\n') !== postIds.slice(0, PICTURE_CARDS).join('\n')) return null;
  const cardsLeft = { count: PICTURE_CARDS };
  const parts = [heading, list].flatMap((part) => {
    const taken = part ? take(part, cardsLeft) : null;
    return taken === null ? [] : [taken];
  });
  return ['section', { class: feed.getAttribute('class') ?? 'feed' }, ...parts];
}

/** Keeps the picture of Home's feed for `session`, drawn from the posts and bookmarks `source` names. Never throws. */
export function keepPicture(
  session: SessionState,
  source: string,
  feed: PictureElement,
  storage: Storage | undefined = localStore(),
): void {
  if (!session.token || !session.user) return;
  const picture: LastFeedPicture = {
    version: PICTURE_VERSION,
    userId: session.user._id,
    token: session.token,
    source,
    feed,
  };
  const text = JSON.stringify(picture);
  try {
    if (text.length > PICTURE_MAX_CHARS) storage?.removeItem(LAST_FEED_PICTURE_KEY);
    else storage?.setItem(LAST_FEED_PICTURE_KEY, text);
  } catch {
    // Storage full or blocked: the next visit shows the feed when the app renders it.
  }
}

const isElementNode = (node: unknown): node is PictureElement =>
  Array.isArray(node) && typeof node[0] === 'string' && isRecord(node[1]);

/**
 * The picture kept for `session`, if it was taken from the copy kept now;
 * a picture of another session, of an older copy, or unreadable is
 * forgotten (the copy is the app's to judge: api/lastFeed.ts).
 */
export function readPicture(
  session: SessionState,
  storage: Storage | undefined = localStore(),
): LastFeedPicture | null {
  let raw: string | null | undefined;
  let copyRaw: string | null | undefined;
  try {
    raw = storage?.getItem(LAST_FEED_PICTURE_KEY);
    copyRaw = storage?.getItem(LAST_FEED_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const picture = JSON.parse(raw) as unknown;
    const copy = copyRaw ? (JSON.parse(copyRaw) as unknown) : null;
    if (
      isRecord(picture) &&
      picture.version === PICTURE_VERSION &&
      session.token !== null &&
      picture.token === session.token &&
      picture.userId === session.user?._id &&
      isElementNode(picture.feed) &&
      isRecord(copy) &&
      copy.version === LAST_FEED_VERSION &&
      copy.token === session.token &&
      isRecord(copy.page) &&
      Array.isArray(copy.page.posts) &&
      Array.isArray(copy.bookmarks) &&
      picture.source ===
        pictureSource(
          copy.page.posts,
          copy.bookmarks.filter((id) => typeof id === 'string'),
        )
    ) {
      return picture as unknown as LastFeedPicture;
    }
  } catch {
    // Not JSON: forgotten below.
  }
  try {
    storage?.removeItem(LAST_FEED_PICTURE_KEY);
  } catch {
    // Storage blocked.
  }
  return null;
}

/**
 * Draws `node` in `doc` with the same lists as `takePicture`, whatever the
 * stored data holds; a `<time datetime>` says how long ago as of `now`.
 */
export function drawPicture(node: PictureNode, doc: Document, now: Date = new Date(), inSvg = false): Node | null {
  if (typeof node === 'string') return doc.createTextNode(node);
  if (!isElementNode(node)) return null;
  const [tag, attributes, ...children] = node;
  const svg = inSvg || tag === 'svg';
  if (!(svg ? SVG_TAGS : HTML_TAGS).has(tag)) return null;
  const element = svg ? doc.createElementNS(SVG_NS, tag) : doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'string' && keptAttribute(name, value)) element.setAttribute(name, value);
  }
  // How long ago, as of now; a date (a post over RECENT_MS old) stays as taken:
  // formatting one would load the locale's data before the first paint.
  const written = tag === 'time' && typeof attributes.datetime === 'string' ? Date.parse(attributes.datetime) : NaN;
  if (now.getTime() - written < RECENT_MS) {
    element.textContent = relativeTime(new Date(written), now);
    return element;
  }
  for (const child of children) {
    const drawn = drawPicture(child, doc, now, svg);
    if (drawn) element.append(drawn);
  }
  return element;
}

/** The class of the element Home renders for the picture while it loads (HomePage); features/posts/posts.css hides the spinner after it once it holds one. */
export const LAST_FEED_PLACE_CLASS = 'last-feed-place';
/** Where the picture goes: the prerendered Home's place for it, while the page is still the prerendered one. */
const PLACE = `#root[data-prerendered-path="/"][data-prerendered-session="in"] .posts-page > .${LAST_FEED_PLACE_CLASS}`;

/**
 * The picture's place as soon as the parser has made it (the picture script
 * runs in <head>, before the body is parsed), so that the picture is in the
 * same frame as the page around it; null once the page is parsed without it.
 */
function whenPlaced(doc: Document): Promise<Element | null> {
  return new Promise((resolve) => {
    const found = () => doc.querySelector(PLACE);
    const now = found();
    if (now || doc.readyState !== 'loading') return resolve(now);
    const observer = new MutationObserver(() => {
      const place = found();
      if (place) finish(place);
    });
    const finish = (place: Element | null) => {
      observer.disconnect();
      doc.removeEventListener('readystatechange', parsed);
      resolve(place);
    };
    const parsed = () => finish(found());
    observer.observe(doc, { childList: true, subtree: true });
    doc.addEventListener('readystatechange', parsed);
  });
}

/**
 * For the picture script (src/bootPicture.ts), on Home: draws the picture
 * kept for `session` in the prerendered Home's place for it (which hides
 * the "Loading posts" spinner after it once filled: posts.css) as soon as
 * the parser has made that place. The saved data is checked meanwhile: until
 * it is known to be here the picture is laid out but not visible, and where
 * it is gone the picture goes and the spinner shows again.
 * `<html data-last-feed-picture>` says where it stands ("pending", then
 * "shown"); Home takes it away once its own cards are in (pictureReplaced),
 * and the picture is not drawn after that.
 */
export async function showPicture(
  session: SessionState,
  doc: Document = document,
  storage: Storage | undefined = localStore(),
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<boolean> {
  const picture = readPicture(session, storage);
  if (!picture) return false;
  const marks = doc.documentElement.dataset;
  marks.lastFeedPicture = 'pending';
  let known: boolean | undefined;
  const checked = savedDataExists(factory).then((exists) => (known = exists));
  const give = () => {
    if (marks.lastFeedPicture === 'pending') delete marks.lastFeedPicture;
    return false;
  };
  const place = await whenPlaced(doc);
  const feed = place && known !== false && marks.lastFeedPicture === 'pending' ? drawPicture(picture.feed, doc) : null;
  if (!place || !feed) return give();
  // Screen readers hear what the spinner said; the cards are a picture until the app's own replace them.
  const frame = doc.createElement('div');
  frame.className = 'last-feed-picture';
  const status = doc.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  status.textContent = 'Loading posts';
  const cards = doc.createElement('div');
  cards.setAttribute('aria-hidden', 'true');
  cards.append(feed);
  frame.append(status, cards);
  const controls = [...cards.querySelectorAll('a, button')];
  for (const control of controls) control.setAttribute('tabindex', '-1');
  // A tap does nothing here (no link is followed), and the app does it on its own card.
  frame.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      event.stopPropagation();
      const control = event.target instanceof Element ? event.target.closest('a, button') : null;
      const index = control ? controls.indexOf(control) : -1;
      if (!control || index < 0) return;
      for (const other of controls) other.classList.remove('is-waiting');
      control.classList.add('is-waiting');
      frame.setAttribute('aria-busy', 'true');
      marks.lastFeedTap = String(index);
    },
    true,
  );
  if (known === undefined) frame.style.visibility = 'hidden';
  place.append(frame);
  if (!(await checked) || marks.lastFeedPicture !== 'pending') {
    frame.remove();
    return give();
  }
  frame.style.removeProperty('visibility');
  marks.lastFeedPicture = 'shown';
  performance.mark('murmur:last-feed-picture');
  return true;
}

/**
 * For Home, once its own cards have replaced the picture (the commit that
 * ends its loading): the picture is over, so the picture script draws none
 * from now on, and a tap made on it is done on the app's card right after
 * this commit. `feed` is Home's `section.feed`.
 */
export function pictureReplaced(doc: Document, feed: Element | null): void {
  const marks = doc.documentElement.dataset;
  delete marks.lastFeedPicture;
  if (marks.lastFeedTap !== undefined) setTimeout(() => replayPictureTap(doc, feed), 0);
}

/**
 * For the app, once its first commit has replaced the picture: the tap made
 * on the picture (the index of the link or button among the picture's, which
 * are the app's feed's first ones, in the same order), done again on the
 * app's own. `feed` is the app's `section.feed`.
 */
export function replayPictureTap(doc: Document, feed: Element | null): boolean {
  const marks = doc.documentElement.dataset;
  const index = marks.lastFeedTap === undefined ? NaN : Number(marks.lastFeedTap);
  delete marks.lastFeedTap;
  if (!feed || !Number.isInteger(index)) return false;
  const control = feed.querySelectorAll<HTMLElement>('a, button')[index];
  control?.click();
  return control !== undefined;
}
