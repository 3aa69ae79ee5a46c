// The production build's sizes: the wasm core, the JavaScript each first
// page loads (Home signed in, /login), the CSS, and every lazy chunk, raw,
// gzip -9 and zlib level 9. No browser.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzip9, initialOf, zlib9 } from './lib/assets.mjs';
import { kB, table, target } from './lib/format.mjs';
import { WASM_BUDGET } from './budgets.mjs';

export function measureSizes(dir) {
  const home = initialOf(dir, 'index.html');
  const login = initialOf(dir, existsSync(join(dir, 'login', 'index.html')) ? 'login/index.html' : 'index.html');
  const rows = readdirSync(join(dir, 'assets')).map((name) => {
    const file = join(dir, 'assets', name);
    return {
      name,
      raw: statSync(file).size,
      gzip: gzip9(file),
      zlib: zlib9(file),
      initial: home.has(name),
      login: login.has(name),
      kind: extname(name).slice(1),
    };
  });
  const sum = (xs, key) => xs.reduce((a, r) => a + r[key], 0);
  const initialJs = rows.filter((r) => r.initial && r.kind === 'js');
  const loginJs = rows.filter((r) => r.login && r.kind === 'js');
  return {
    wasm: rows.find((r) => r.kind === 'wasm'),
    initialJs,
    initialJsGzip: sum(initialJs, 'gzip'),
    initialCssGzip: sum(
      rows.filter((r) => r.initial && r.kind === 'css'),
      'gzip',
    ),
    loginJs,
    loginJsGzip: sum(loginJs, 'gzip'),
    lazy: rows.filter((r) => !r.initial && r.kind === 'js').sort((a, b) => b.gzip - a.gzip),
    sum,
  };
}

export default {
  title: 'Sizes (production build; kB = 1,000 bytes)',
  smoke: true,
  async run(env) {
    const z = measureSizes(env.site.dir);
    const rows = [
      ['wasm module', z.wasm.name, kB(z.wasm.raw), kB(z.wasm.gzip), kB(z.wasm.zlib)],
      [
        'initial JS of Home (boot script, entry, modulepreloads: the route chunks and the backend)',
        z.initialJs.map((x) => x.name).join(', '),
        kB(z.sum(z.initialJs, 'raw')),
        kB(z.initialJsGzip),
        kB(z.sum(z.initialJs, 'zlib')),
      ],
      [
        'initial JS of /login (all but the boot script load after its first paint)',
        z.loginJs.map((x) => x.name).join(', '),
        kB(z.sum(z.loginJs, 'raw')),
        kB(z.loginJsGzip),
        kB(z.sum(z.loginJs, 'zlib')),
      ],
      ['initial CSS', '', '', kB(z.initialCssGzip), ''],
      ...z.lazy.map((x) => ['lazy chunk', x.name, kB(x.raw), kB(x.gzip), kB(x.zlib)]),
    ];
    console.log(
      `  wasm ${kB(z.wasm.gzip)} gzip -9; initial JS: Home ${kB(z.initialJsGzip)}, /login ${kB(z.loginJsGzip)}`,
    );
    return {
      body: table(['what', 'file', 'raw', 'gzip -9', 'zlib level 9'], rows),
      targets: [
        target(
          `wasm ≤ ${kB(WASM_BUDGET)} gzip -9 (a budget: see Budgets; zlib level 9 in brackets)`,
          `${kB(z.wasm.gzip)} (${kB(z.wasm.zlib)})`,
          z.wasm.gzip <= WASM_BUDGET,
        ),
        target('Initial JS ≤ 200 kB gzipped', kB(z.initialJsGzip), z.initialJsGzip <= 200_000),
        target('Initial JS of /login ≤ 90 kB gzipped', kB(z.loginJsGzip), z.loginJsGzip <= 90_000),
      ],
    };
  },
};
