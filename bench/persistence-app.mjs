// The production app over a saved 10,000-post state (a snapshot, and a
// journal of writes since), reloaded in Chromium: navigation → first post
// card visible, and a like in the app (click → card updated), with the
// saved state kept in IndexedDB, with no journal and with the longest one a
// start-up replays.
import { fmt as fmtMs, median } from './lib/format.mjs';
import { likeVisiblePost, watchFirstPost } from './lib/in-page.mjs';
import { benchCore, openOverState, savedState } from './lib/savedState.mjs';

const POSTS = 10_000;
/** The longest journal a start-up replays: one short of a compaction (IDB_COMPACT_EVERY). */
const JOURNAL_LENGTHS = [0, 63];
const fmt = (ms) => fmtMs(ms, ms < 10 ? 1 : 0);

/** The saved state, made by the core in Node: the bulk data, then likes and dislikes answered at recorded clocks (what the journal holds). */
function stateWithJournal(entries) {
  const core = benchCore(POSTS);
  const postId = core.call('GET', '/api/posts').posts[POSTS - 1]._id;
  const writes = Array.from({ length: entries }, (_, i) => [
    'POST',
    `/api/posts/${i % 2 === 0 ? 'like' : 'dislike'}/${postId}`,
  ]);
  const state = savedState(core, writes);
  core.mock.free();
  return state;
}

async function measure(browser, origin, entries, { reloads: count, likes: likeCount }) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('  page error:', e.message));
    await page.addInitScript(watchFirstPost, 'article');
    await openOverState(page, origin, stateWithJournal(entries));
    const reloads = [];
    for (let i = 0; i < count + 1; i++) {
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 60_000 });
      const t = await page.evaluate(() => {
        const mark = (name) => performance.getEntriesByName(`murmur:${name}`)[0]?.startTime;
        // The saved state read and replayed, alone: from the core ready to the data restored.
        return {
          firstPost: window.__murmurFirstPost,
          restored: mark('data-restored'),
          restore: mark('data-restored') - mark('core-ready'),
        };
      });
      if (i > 0) reloads.push(t); // the first warms the HTTP cache and the service worker
    }
    await page.waitForTimeout(1000);
    // What the feed's read costs by itself at this size (the whole list), for comparison.
    const reads = [];
    for (let i = 0; i < 3; i++) {
      reads.push(
        await page.evaluate(async () => {
          const start = performance.now();
          await (await fetch('/api/posts')).json();
          return performance.now() - start;
        }),
      );
    }
    const likes = [];
    for (let i = 0; i < likeCount; i++) {
      likes.push((await page.evaluate(likeVisiblePost, 'article')).dom);
      await page.waitForTimeout(300);
    }
    const revision = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const request = indexedDB.open('murmur');
          request.onsuccess = () => {
            const get = request.result.transaction('state').objectStore('state').get('head');
            get.onsuccess = () => resolve(get.result?.revision);
          };
        }),
    );
    return { entries, reloads, likes, reads, revision };
  } finally {
    await ctx.close();
  }
}

export default {
  title: `Persistence in the app: reload and like over a saved ${POSTS.toLocaleString('en')}-post state (production build)`,
  smoke: false,
  async run(env) {
    const quick = env.smoke || env.quick;
    const browser = await env.browser();
    const rows = [];
    for (const entries of JOURNAL_LENGTHS)
      rows.push(await measure(browser, env.site.origin, entries, { reloads: quick ? 3 : 9, likes: quick ? 3 : 7 }));
    const lines = [
      'Medians (each run in brackets); the first reload of each warms the HTTP cache and the service worker and is not counted.',
      '',
      '| journal entries at reload | reload → first post visible | data restored (mark) | restore alone (core ready → data restored) | like: click → card updated | GET /api/posts in the page (fetch → parsed) | head revision after |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.entries} | ${fmt(median(r.reloads.map((x) => x.firstPost)))} ms (${r.reloads.map((x) => fmt(x.firstPost)).join(', ')}) | ${fmt(median(r.reloads.map((x) => x.restored)))} ms | ${fmt(median(r.reloads.map((x) => x.restore)))} ms | ${fmt(median(r.likes))} ms (${r.likes.map(fmt).join(', ')}) | ${fmt(median(r.reads))} ms | ${r.revision} |`,
      ),
    ];
    const body = lines.join('\n');
    return { body };
  },
};
