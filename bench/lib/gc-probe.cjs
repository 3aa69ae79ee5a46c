// Loaded into `murmur-backend serve` by the HTTP soak only (bench/http.mjs,
// runHttpSoak: `node --expose-gc --require bench/lib/gc-probe.cjs ...`),
// never shipped with the package. On SIGUSR2: a full garbage collection,
// then one line on stderr with what is still live, so that the soak's leak
// check reads the heap that survives a collection, not RSS (which also holds
// garbage not yet collected and memory V8 or malloc keep for reuse).
'use strict';
const v8 = require('node:v8');

process.on('SIGUSR2', () => {
  // What each space held in memory (used or not) before the collection.
  const committed = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  const rssBefore = process.memoryUsage.rss();
  globalThis.gc();
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
  process.stderr.write(
    `murmur-gc-probe ${JSON.stringify({ rssBefore, rss, heapTotal, heapUsed, external, arrayBuffers, spaces, committed })}\n`,
  );
});
