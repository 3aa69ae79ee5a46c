// What saving adds to a write, and what restoring costs: a like/dislike
// through the plain core and through the persistent backend at the seed,
// 1,000 and 10,000 posts (a journal entry appended; a full save for
// comparison), as the backend is called and as the app's fetch is answered;
// and restoring a saved state at start-up (1,000 and 10,000 posts, with no
// journal and with the longest one a start-up replays). In Chromium (real
// IndexedDB, harness/persistence.html) and in Node (fake-indexeddb).
// The production app reloaded over a saved state: persistence-app.mjs.
import { createNodeCore } from '@murmur/backend/node';
import { openDatabase } from '@murmur/backend/testing';
import { openHarnessPage, withHarnessModules } from './lib/harnessNode.mjs';

const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

function print(figures) {
  const lines = [
    `${figures.environment}: medians per like/dislike`,
    '',
    '| posts | snapshot | backend: in memory | backend: saved | fetch answered: in memory | fetch answered: saved | saved / in memory (fetch) | save path (journal append) | full save (export + commit) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of figures.saves) {
    lines.push(
      `| ${s.posts} | ${s.snapshotKB.toFixed(0)} KB | ${fmt(s.plain)} ms | ${fmt(s.persisted)} ms | ${fmt(s.fetchPlain)} ms | ${fmt(s.fetchPersisted)} ms | ${(s.fetchPersisted / s.fetchPlain).toFixed(2)}× | ${fmt(s.added)} ms | ${fmt(s.fullSave)} ms |`,
    );
  }
  lines.push('');
  for (const r of figures.restores) {
    lines.push(
      `- ${figures.environment}: restore of a ${r.posts}-post state (${r.snapshotKB.toFixed(0)} KB) + ${r.entries} journal entries: median ${fmt(r.median)} ms (min ${fmt(r.min)}, max ${fmt(r.max)})`,
    );
  }
  return lines.join('\n');
}

export default {
  title: 'Persistence: what saving adds to a write, and what restoring costs',
  smoke: false,
  async run(env) {
    const quick = env.smoke || env.quick;
    const options = {
      sizes: [12, 1000, 10000],
      rounds: quick ? { 12: 10, 1000: 5, 10000: 4 } : { 12: 100, 1000: 30, 10000: 20 },
      restorePosts: [1000, 10000],
      restoreRuns: quick ? 3 : 15,
    };
    const { page, close } = await openHarnessPage(env, 'persistence');
    let chromium;
    try {
      chromium = print(await page.evaluate((o) => window.persistenceBench.run(o), options));
    } finally {
      await close();
    }
    // Node: the same measure over fake-indexeddb.
    await import('fake-indexeddb/auto');
    const node = await withHarnessModules(async (load) => {
      const { measurePersistence } = await load('/persistence-measure.ts');
      return print(
        await measurePersistence(
          { name: 'node + fake-indexeddb', newCore: () => createNodeCore(), openDatabase },
          { ...options, rounds: (posts) => options.rounds[posts] ?? 20 },
        ),
      );
    });
    return { body: `${chromium}\n\n${node}` };
  },
};
