// Bundles the `murmur-backend` command (the package's `bin`) from tsc's
// output (dist/http/cli.js) into dist/bin/: one ES module for the command,
// plus one file per part it loads only when asked (the server, the backup
// reader, the generator...). Node's ESM loader resolves, reads and compiles
// every module file one by one; msw alone is a few hundred of them, so the
// unbundled command spent most of its start-up there.
//
// msw is bundled in (the command runs no code of its user's, so its copy is
// never mixed with theirs), with the package's own small cookie jar in place
// of tough-cookie, as in the browser build. So is the part of
// @faker-js/faker the generator uses (English, one randomizer), in the
// generator's own chunk, loaded only with --generate (or a sandbox or reset
// that needs the seed): faker's package entry imports every locale it has,
// which took Node far longer to load than the generator takes to run
// (bench/NOTES.md, item 38). The files sit two levels below the package, as
// tsc's do, so the core's `../../core/mock_core_bg.wasm` resolves the same
// from either.
//   node scripts/bundle-cli.mjs   (after tsc -p tsconfig.build.json)
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(pkgDir, 'dist/bin');
rmSync(outDir, { recursive: true, force: true });
await build({
  cwd: pkgDir,
  input: { 'murmur-backend': join(pkgDir, 'dist/http/cli.js') },
  platform: 'node',
  // msw's cookie jar without tough-cookie's public-suffix list (tldts), as
  // the browser build has it: see src/browser/cookieJar.ts.
  resolve: { alias: { 'tough-cookie': join(pkgDir, 'dist/browser/cookieJar.js') } },
  logLevel: 'warn',
  output: {
    dir: outDir,
    format: 'esm',
    // A stack trace of a failed request names our functions as in the source.
    minify: false,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  },
});

// The backend's worker as one self-contained script (msw, the core's glue,
// the persistence; the generator inlined), which `murmur-backend init` lays
// out beside msw's worker and the `.wasm` for bundlers that do not bundle a
// `new Worker(new URL(...))` themselves (esbuild): `backendWorker:
// '/murmur-backend-worker.js'`. The page hands it the `.wasm`'s address.
const workerDir = join(pkgDir, 'dist/worker');
rmSync(workerDir, { recursive: true, force: true });
await build({
  cwd: pkgDir,
  input: { 'murmur-backend-worker': join(pkgDir, 'dist/browser/workerEntry.js') },
  platform: 'browser',
  resolve: { alias: { 'tough-cookie': join(pkgDir, 'dist/browser/cookieJar.js') } },
  logLevel: 'warn',
  output: {
    dir: workerDir,
    format: 'esm',
    codeSplitting: false,
    minify: true,
    entryFileNames: '[name].js',
  },
});
