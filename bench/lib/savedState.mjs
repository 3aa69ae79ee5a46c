// A saved Murmur state made by the core in Node, as the app keeps it in
// IndexedDB (a snapshot, and a journal of writes since), and the in-page
// functions that put it there and sign the guest in: what the measurements
// that run the production app over a large state share (feed,
// persistence-app, pages).
import { createNodeCore } from '@murmur/backend/node';

export const GUEST = { username: 'guest', password: 'guest123' };

/**
 * A core at the seed (`posts` undefined) or over `loadBulk(users, posts)`
 * (a tenth as many users as posts unless told), with a `call` helper signed
 * in as the guest.
 */
export function benchCore(posts, users = posts === undefined ? undefined : posts / 10) {
  const mock = createNodeCore();
  if (posts !== undefined) mock.loadBulk(users, posts);
  const answer = (res) => {
    const body = JSON.parse(new TextDecoder().decode(res.takeBody()));
    const status = res.status;
    res.free();
    if (status >= 300) throw new Error(`bench state: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  const token = answer(mock.handle('POST', '/api/auth/login', undefined, JSON.stringify(GUEST))).encodedToken;
  /** Answers `method url` as the guest; `nowMs` pins the clock (a journal entry's). */
  const call = (method, url, nowMs) =>
    answer(
      nowMs === undefined ? mock.handle(method, url, token, '{}') : mock.handleAt(method, url, token, '{}', nowMs, 0),
    );
  return { mock, token, call };
}

/**
 * The state to save: `mock`'s snapshot, then `writes` (`[method, url]`)
 * answered at recorded clocks as the journal since that snapshot.
 */
export function savedState({ mock, token, call }, writes = []) {
  const base = { revision: 1, stamp: 'bench-base', savedAt: Date.now() };
  const current = { format: 'murmur-demo-data', version: 1, ...base, snapshot: mock.exportSnapshot() };
  const journal = [];
  let previous = base;
  writes.forEach(([method, url], i) => {
    const nowMs = Date.now();
    call(method, url, nowMs);
    const entry = {
      revision: previous.revision + 1,
      stamp: `bench-${i}`,
      savedAt: nowMs,
      parent: previous.stamp,
      method,
      url,
      authorization: token,
      body: '{}',
      nowMs,
      offsetMinutes: 0,
    };
    journal.push(entry);
    previous = entry;
  });
  return { current, head: { revision: previous.revision, stamp: previous.stamp, savedAt: previous.savedAt }, journal };
}

/** In the page: stores `state` where the app keeps its data (run before a reload). */
export async function storeState(state) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('murmur');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction(['state', 'journal'], 'readwrite');
    tx.objectStore('state').put(state.current, 'current');
    tx.objectStore('state').put(state.head, 'head');
    tx.objectStore('journal').clear();
    for (const entry of state.journal) tx.objectStore('journal').put(entry, entry.revision);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

/** In the page: signs the guest in through the API and keeps the session where the app reads it. */
export async function signInAsGuest(guest) {
  const res = await fetch('/api/auth/login', { method: 'POST', body: JSON.stringify(guest) });
  const json = await res.json();
  localStorage.setItem('murmur.auth', JSON.stringify({ user: json.foundUser, token: json.encodedToken }));
}

/**
 * In `page`, on the site at `origin`: `state` (from savedState; null keeps
 * the seed) put where the app keeps it, the app loaded over it, and the
 * guest signed in on it.
 */
export async function openOverState(page, origin, state) {
  await page.goto(`${origin}/`);
  await page.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
  if (state) {
    await page.evaluate(storeState, state);
    await page.goto(`${origin}/`);
    await page.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
  }
  await page.evaluate(signInAsGuest, GUEST);
}
