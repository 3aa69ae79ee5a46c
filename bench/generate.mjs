// The generated seed: how long `seed: { generate: { users, posts, seed } }`
// takes to be ready (the data made by the generator, then loaded and checked
// by the core's importSeed) in Chromium (harness/generate.html) and in Node,
// and the option as an app uses it (`startMurmurBackend` in a fresh page);
// the sizes of the two developer chunks of the site (the generator and the
// devtools panel), which no visitor loads unless asked.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeCore } from '@murmur/backend/node';
import { loadGenerator } from '@murmur/backend/testing';
import { gzip9 } from './lib/assets.mjs';
import { kB, median } from './lib/format.mjs';
import { openHarnessPage } from './lib/harnessNode.mjs';

const SIZES = [
  { users: 200, posts: 1000, seed: 1 },
  { users: 200, posts: 10000, seed: 1 },
];
const ms = (value) => `${value.toFixed(0)} ms`;
const row = (environment, size, samples) => {
  const part = (key) => median(samples.map((s) => s[key]));
  return `| ${environment} | ${size.users} | ${size.posts} | ${ms(part('generateMs'))} | ${ms(part('importMs'))} | ${ms(part('totalMs'))} | ${ms(Math.min(...samples.map((s) => s.totalMs)))} |`;
};

async function inChromium(env, runs) {
  const rows = [];
  const { page, close } = await openHarnessPage(env, 'generate');
  try {
    for (const size of SIZES) {
      const { samples } = await page.evaluate((options) => window.generateBench.run(options), { ...size, runs });
      rows.push(row('Chromium', size, samples));
    }
  } finally {
    await close();
  }
  // The option as an app uses it, in a fresh page each time (it starts msw).
  const big = SIZES[SIZES.length - 1];
  const option = [];
  for (let run = 0; run < runs; run++) {
    const { page: fresh, close: done } = await openHarnessPage(env, 'generate');
    try {
      const result = await fresh.evaluate((options) => window.generateOption(options), big);
      if (result.posts !== big.posts || result.guestLogin !== 200)
        throw new Error(`generate gave ${JSON.stringify(result)}`);
      option.push(result);
    } finally {
      await done();
    }
  }
  const marks = ['core-ready', 'seed-made', 'seed-loaded', 'data-restored']
    .map((m) => `${m} ${ms(median(option.map((o) => o.marks[m])))}`)
    .join(', ');
  const line = `Chromium: \`startMurmurBackend({ persist: 'memory', seed: { generate: { users: ${big.users}, posts: ${big.posts} } } })\` resolved in ${ms(median(option.map((o) => o.readyMs)))} (median; from the core loaded: ${ms(median(option.map((o) => o.afterCoreMs)))}; marks since the call: ${marks}); all ${big.posts} posts answered, the guest signs in.`;
  return { rows, line };
}

async function inNode(runs) {
  const { generateSeed } = await loadGenerator();
  const rows = [];
  for (const size of SIZES) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const core = createNodeCore();
      const started = performance.now();
      const doc = generateSeed(size);
      const generated = performance.now();
      core.importSeed(JSON.stringify(doc));
      const imported = performance.now();
      samples.push({ generateMs: generated - started, importMs: imported - generated, totalMs: imported - started });
      core.free();
    }
    rows.push(row('Node', size, samples));
  }
  return rows;
}

/** The developer chunks in the production build, gzip -9, and the site's initial scripts for comparison. */
function developerChunks(site) {
  const assets = join(site.dir, 'assets');
  const files = readdirSync(assets);
  const html = readFileSync(join(site.dir, 'index.html'), 'utf8');
  return ['generateSeed', 'devtoolsPanel'].flatMap((chunk) => {
    const file = files.find((f) => f.startsWith(`${chunk}-`) && f.endsWith('.js'));
    return file
      ? [
          `- ${chunk} chunk: ${kB(gzip9(join(assets, file)))} gzip -9, ${html.includes(file) ? "**named in Home's HTML: every visitor loads it**" : "not named in Home's HTML: loaded only when asked"}`,
        ]
      : [`- ${chunk} chunk: not in the build`];
  });
}

export default {
  title: 'The generated seed (`seed: { generate }`): ready at 1,000 and 10,000 posts',
  smoke: false,
  async run(env) {
    const runs = env.smoke || env.quick ? 3 : 7;
    const chromium = await inChromium(env, runs);
    const node = await inNode(runs);
    const body = [
      `Medians of ${runs} runs. Chromium: the harness page's build of the package (its generator chunk as a site would load it).`,
      '',
      '| where | users | posts | generate | core importSeed | ready (total) | fastest total |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...chromium.rows,
      ...node,
      '',
      chromium.line,
      '',
      ...developerChunks(env.site),
    ].join('\n');
    return { body };
  },
};
