// Packs @murmur/backend as npm would publish it and checks the tarball: the
// files it holds (the built code, the wasm core, the demo media every seed
// of the package points at, the README and licence; no sources, tests or
// test helpers), that `murmur-backend init` lays out a public folder from it, and that its entry points import from
// an install of it (Node: `./node` answers a request from a generated seed,
// and over HTTP; the browser entry loads under the `browser` condition; the
// contract, the wasm, the manifest and the `murmur-backend` command too).
//   node scripts/check-pack.mjs [--ignore-scripts]
// --ignore-scripts skips `prepack` (the wasm and tsc builds) when dist/ and
// core/ are already built, as in `npm test`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoModules = resolve(pkgDir, '../../node_modules');
const work = mkdtempSync(join(tmpdir(), 'murmur-pack-'));
const fail = (message) => {
  throw new Error(`check-pack: ${message}`);
};

/** Starts `murmur-backend serve --memory --port 0` in `cwd`, asks GET api/posts once, stops it: the status. */
async function serveOnce(bin, cwd) {
  const child = spawn('node', [bin, 'serve', '--memory', '--port', '0', '--log', 'off'], { cwd });
  let output = '';
  const exited = new Promise((resolveExit) => child.on('exit', resolveExit));
  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line in 60 s: ${output}`)), 60_000);
      const onData = (chunk) => {
        output += chunk;
        const ready = /ready at (http:\/\/\S+)/.exec(output);
        if (ready) {
          clearTimeout(timer);
          resolveUrl(ready[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    const res = await fetch(`${url}api/posts`);
    await res.arrayBuffer();
    return res.status;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  const args = ['pack', '--json', '--pack-destination', work];
  if (process.argv.includes('--ignore-scripts')) args.push('--ignore-scripts');
  const [packed] = JSON.parse(
    execFileSync('npm', args, { cwd: pkgDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const files = packed.files.map((f) => f.path).sort();

  const required = [
    'package.json',
    'README.md',
    'LICENSE',
    'dist/browser/index.js',
    'dist/browser/index.d.ts',
    'dist/node/index.js',
    'dist/node/index.d.ts',
    'dist/protocol.js',
    'dist/protocol.d.ts',
    'dist/browser/cookieJar.js',
    'dist/generate/generateSeed.js',
    'dist/devtools/devtoolsPanel.js',
    'core/mock_core.js',
    'core/mock_core.d.ts',
    'core/mock_core_bg.wasm',
    'core/openapi.json',
    'dist/bin/murmur-backend.js',
    'dist/testingEntry.js',
    'dist/browser/workerEntry.js',
    'dist/worker/murmur-backend-worker.js',
  ];
  const missing = required.filter((file) => !files.includes(file));
  if (missing.length) fail(`the tarball lacks ${missing.join(', ')}`);
  const stray = files.filter((file) => /^src\/|\.test\.|testing\.|\.tsbuildinfo$|^scripts\//.test(file));
  if (stray.length) fail(`the tarball holds what users must not get: ${stray.join(', ')}`);

  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  for (const field of ['license', 'repository', 'types', 'files'])
    if (!manifest[field]) fail(`package.json has no ${field}`);

  // Install it: the tarball unpacked as node_modules/@murmur/backend, its
  // dependencies (msw, the peer; those package.json names: faker,
  // eventsource) and theirs taken from this repository's install.
  const app = join(work, 'app');
  const target = join(app, 'node_modules/@murmur/backend');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', target, '--strip-components=1']);
  const dependenciesOf = (name) =>
    Object.keys(JSON.parse(readFileSync(join(repoModules, name, 'package.json'), 'utf8')).dependencies ?? {});
  const direct = ['msw', ...Object.keys(manifest.dependencies ?? {})];
  for (const dep of new Set([...direct, ...direct.flatMap(dependenciesOf)])) {
    const link = join(app, 'node_modules', dep);
    mkdirSync(dirname(link), { recursive: true });
    try {
      symlinkSync(join(repoModules, dep), link);
    } catch {
      // already there (a scope shared by two dependencies)
    }
  }
  const run = (code, conditions = []) =>
    execFileSync('node', [...conditions, '--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' }).trim();
  const node = run(`
    const { createMurmurServer, SeedError } = await import('@murmur/backend/node');
    const { server, ready } = createMurmurServer({ seed: { generate: { users: 5, posts: 20, seed: 1 } } });
    server.listen();
    await ready;
    const res = await fetch('http://localhost/api/auth/login', { method: 'POST', body: JSON.stringify({ username: 'guest', password: 'guest123' }) });
    const { posts } = await (await fetch('http://localhost/api/posts')).json();
    server.close();
    console.log(res.status, posts.length, typeof SeedError);
  `);
  if (node !== '200 20 function') fail(`@murmur/backend/node answered "${node}"`);
  const protocol = run(
    `const p = await import('@murmur/backend/protocol'); const j = await import('@murmur/backend/cookie-jar'); console.log(p.RESET_PATH, Object.keys(j).length > 0);`,
  );
  if (protocol !== '__murmur/reset true') fail(`@murmur/backend/protocol gave "${protocol}"`);
  const browser = run(
    `const b = await import('@murmur/backend'); console.log(typeof b.startMurmurBackend, typeof b.SeedError);`,
    ['--conditions=browser'],
  );
  if (browser !== 'function function') fail(`@murmur/backend gave "${browser}"`);
  const testing = run(
    `const t = await import('@murmur/backend/testing'); console.log(typeof t.createHandlers, typeof t.IdbStateStore, typeof t.loadCore, typeof t.loadGenerator);`,
    ['--conditions=browser'],
  );
  if (testing !== 'function function function function') fail(`@murmur/backend/testing gave "${testing}"`);
  // Its peer @playwright/test is optional and not installed here: the entry resolves to the built fixture.
  const playwright = run(
    `console.log(import.meta.resolve('@murmur/backend/playwright').endsWith('/dist/playwright/index.js'));`,
  );
  if (playwright !== 'true') fail(`@murmur/backend/playwright resolved as "${playwright}"`);
  // Every other export resolves and loads: the contract, the wasm, the manifest, and the bin.
  const assets = run(`
    import { createRequire } from 'node:module';
    import { readFileSync } from 'node:fs';
    import { fileURLToPath } from 'node:url';
    const require = createRequire(import.meta.url);
    const contract = require('@murmur/backend/openapi.json');
    const imported = (await import('@murmur/backend/openapi.json', { with: { type: 'json' } })).default;
    const wasm = readFileSync(fileURLToPath(import.meta.resolve('@murmur/backend/mock_core_bg.wasm')));
    const manifest = require('@murmur/backend/package.json');
    const worker = readFileSync(fileURLToPath(import.meta.resolve('@murmur/backend/murmur-backend-worker.js')), 'utf8');
    const workerModule = fileURLToPath(import.meta.resolve('@murmur/backend/worker'));
    const { startMurmurHttpServer } = await import('@murmur/backend/node');
    const api = await startMurmurHttpServer({});
    const status = (await fetch(api.url + 'api/posts')).status;
    await api.close();
    // The laid-out worker is one script (no import a static host could not serve); the module is the package's own.
    const whole = !/^import\s|\bfrom\s*["']/m.test(worker);
    console.log(contract.openapi, imported.openapi, WebAssembly.validate(wasm), manifest.bin['murmur-backend'], status, whole, workerModule.endsWith('workerEntry.js'));
  `);
  if (assets !== '3.1.0 3.1.0 true ./dist/bin/murmur-backend.js 200 true true')
    fail(`the other exports gave "${assets}"`);
  // The demo media every seed of the package points at (the default seed's
  // avatars and posts, the profile editor's presets, a generated seed's)
  // are in the tarball, under media/, for `murmur-backend init`.
  const pointedAt = JSON.parse(
    run(`
      const { createNodeCore } = await import('@murmur/backend/node');
      const { pathToFileURL } = await import('node:url');
      const generator = pathToFileURL('node_modules/@murmur/backend/dist/generate/generateSeed.js').href;
      const { GENERATED_MEDIA } = await import(generator);
      const core = createNodeCore();
      const read = (url) => JSON.parse(new TextDecoder().decode(core.handle('GET', url, undefined, '').takeBody()));
      const paths = [
        ...read('/api/users').users.map((user) => user.avatarURL),
        ...read('/api/posts').posts.map((post) => post.mediaURL),
        ...[1, 2, 3, 4].map((n) => '/avatars/preset-' + n + '.svg'),
        ...GENERATED_MEDIA.map((path) => '/' + path),
      ];
      console.log(JSON.stringify([...new Set(paths.filter(Boolean))]));
    `),
  );
  const unshipped = pointedAt.filter((path) => !files.includes(`media${path}`));
  if (pointedAt.length < 15 || unshipped.length)
    fail(`the default and generated seeds point at media the tarball lacks: ${unshipped.join(', ') || '(none found)'}`);
  // `init` lays them out, with the worker and the core, into an empty folder.
  const publicDir = join(work, 'public');
  const bin = join(target, manifest.bin['murmur-backend']);
  const told = execFileSync('node', [bin, 'init', publicDir], { cwd: app, encoding: 'utf8' });
  const laidOut = [
    'mockServiceWorker.js',
    'murmur-backend-worker.js',
    'mock_core_bg.wasm',
    ...pointedAt.map((path) => path.slice(1)),
  ];
  const notLaidOut = laidOut.filter((file) => !existsSync(join(publicDir, file)));
  if (notLaidOut.length || !told.includes("wasmUrl: '/mock_core_bg.wasm'"))
    fail(`murmur-backend init left out ${notLaidOut.join(', ') || 'nothing'} and printed "${told}"`);
  const help = execFileSync('node', [bin, 'serve', '--help'], { cwd: app, encoding: 'utf8' });
  if (!help.startsWith('Usage: murmur-backend serve')) fail(`murmur-backend serve --help printed "${help}"`);
  // The command itself (a bundle of its own, msw inside) starts and answers.
  const served = await serveOnce(bin, app);
  if (served !== 200) fail(`murmur-backend serve --memory answered GET api/posts with ${served}`);
  const exported = Object.keys(manifest.exports).sort();
  const checked = [
    '.',
    './cookie-jar',
    './mock_core_bg.wasm',
    './murmur-backend-worker.js',
    './node',
    './openapi.json',
    './package.json',
    './playwright',
    './protocol',
    './testing',
    './worker',
  ];
  if (JSON.stringify(exported) !== JSON.stringify(checked)) {
    fail(
      `package.json exports ${exported.join(', ')}; this check imports ${checked.join(', ')}: check the new ones too`,
    );
  }
  console.log(
    `check-pack: ${packed.filename} (${files.length} files, ${Math.round(packed.size / 1024)} kB packed) installs, and its entry points import`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
