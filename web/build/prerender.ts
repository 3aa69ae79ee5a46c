// Two build steps of the site (vite.config.ts): the render-blocking boot
// script (src/boot.ts) and the prerendered pages (src/prerender.tsx).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import type { PrerenderedPage } from '../src/app/prerendered';

const web = fileURLToPath(new URL('..', import.meta.url));

/** src/boot.ts built as a classic script (an IIFE) with the site's base path. */
async function classicScript(base: string, entry: string, name: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    // import.meta.env.BASE_URL in the script: the site's base path.
    base,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: join(web, entry), formats: ['iife'], name, fileName: name },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error(`murmur-boot: ${entry} gave no script`);
  return chunk.code;
}

/**
 * src/boot.ts as a classic script, emitted as `assets/boot-<hash>.js` and
 * loaded by a plain `<script src>` in <head> (at its end): it blocks the first
 * paint for as long as it takes to run (it sets the theme and the visitor's
 * kind on <html>: app/startup/paint.ts), which an inline script would do
 * too, but the CSP allows no inline script.
 */
export function bootScript(base: string): Plugin {
  let fileName = '';
  return {
    name: 'murmur-boot',
    apply: 'build',
    async buildStart() {
      const code = await classicScript(base, 'src/boot.ts', 'murmurBoot');
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      fileName = `assets/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { src: `${base}${fileName}` }, injectTo: 'head' as const }],
    },
  };
}

/** A chunk and every chunk it imports statically. */
function closure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk[]): Set<Rollup.OutputChunk> {
  const seen = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  start.forEach(visit);
  return seen;
}

function chunkOf(bundle: Rollup.OutputBundle, test: (id: string) => boolean): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (c): c is Rollup.OutputChunk => c.type === 'chunk' && c.facadeModuleId !== null && test(c.facadeModuleId),
  );
  if (!chunk) throw new Error('murmur-prerender: a module to preload is not a chunk of the build');
  return chunk;
}

/** The `<link>`s that load a page's route chunks, and their CSS, with the HTML rather than after the entry has run. */
function pageLinks(bundle: Rollup.OutputBundle, page: PrerenderedPage, base: string): string[] {
  const entry = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry);
  if (!entry) throw new Error('murmur-prerender: no entry chunk');
  // What the HTML already loads: the entry and its static imports (Vite's own tags).
  const inEntry = closure(bundle, [entry]);
  const routes = page.modules.map((module) => chunkOf(bundle, (id) => id === join(web, module)));
  // A signed-in page's first post needs the backend (msw and the wasm core):
  // it downloads beside the entry instead of after it.
  const backend = page.visitor === 'in' ? [chunkOf(bundle, (id) => id.includes('/packages/murmur-backend/'))] : [];
  const chunks = [...closure(bundle, [...routes, ...backend])].filter((c) => !inEntry.has(c));
  const entryCss = new Set([...inEntry].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
  const css = [...new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].filter(
    (f) => !entryCss.has(f),
  );
  return [
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
    ...chunks.map((c) => `<link rel="modulepreload" crossorigin href="${base}${c.fileName}">`),
  ];
}

const MODULE_TAG = /^\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n/gm;

/**
 * Every prerendered page paints before any module: its modules (the entry,
 * its imports and the page's chunks) move out of <head> into a
 * `<template id="murmur-app">`, which the boot script inserts once the page
 * has painted (app/startup/paint.ts); its CSS stays: the paint needs it. A
 * page's modules and their preloads in <head> competed with its stylesheets
 * for a phone's bandwidth and held its first paint back (bench/NOTES.md, item 37).
 */
function deferScripts(template: string, links: string[], page: PrerenderedPage): { head: string; links: string[] } {
  const modules = template.match(MODULE_TAG)?.map((tag) => tag.trim()) ?? [];
  if (!modules.some((tag) => tag.startsWith('<script type="module"')))
    throw new Error('murmur-prerender: index.html has no module script');
  const isPreload = (link: string) => link.startsWith('<link rel="modulepreload"');
  const app = `<template id="murmur-app" data-visitor="${page.visitor}">${[...modules, ...links.filter(isPreload)].join('')}</template>`;
  return {
    head: template.replace(MODULE_TAG, '').replace(/<script src="[^"]*\/assets\/boot-/, (tag) => `${app}\n    ${tag}`),
    links: links.filter((link) => !isPreload(link)),
  };
}

/**
 * Renders the pages of src/app/prerendered.ts into the build's HTML: a server
 * build of src/prerender.tsx (Vite's SSR build, into a scratch folder), then
 * each page's markup in `#root` of a copy of index.html, marked with its route
 * and visitor (app/startup/render.tsx hydrates it only when its first render
 * is that page), with its route chunks and CSS linked and its modules in a
 * template (deferScripts). Runs before the service
 * worker's precache list is made, so it lists the pages.
 */
export function prerenderPages(base: string, mode: string): Plugin {
  return {
    name: 'murmur-prerender',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? resolve(web, 'dist');
      const scratch = join(web, 'node_modules/.murmur-prerender');
      await build({
        configFile: join(web, 'vite.config.ts'),
        mode,
        logLevel: 'warn',
        build: { ssr: join(web, 'src/prerender.tsx'), outDir: scratch, emptyOutDir: true, minify: false },
      });
      const server = (await import(pathToFileURL(join(scratch, 'prerender.js')).href)) as {
        PRERENDERED_PAGES: readonly PrerenderedPage[];
        renderPage: (page: PrerenderedPage) => Promise<string>;
      };
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!template.includes('<div id="root"></div>'))
        throw new Error('murmur-prerender: index.html has no empty <div id="root">');
      if (!/<script src="[^"]*\/assets\/boot-/.test(template))
        throw new Error('murmur-prerender: index.html has no boot script');
      for (const page of server.PRERENDERED_PAGES) {
        const markup = await server.renderPage(page);
        // Before the boot script, which blocks the parser: the preload scanner finds them at once.
        const { head, links } = deferScripts(template, pageLinks(bundle, page, base), page);
        const linked = head.replace(
          /<script src="[^"]*\/assets\/boot-/,
          (tag) => `${links.join('\n    ')}\n    ${tag}`,
        );
        const html = linked.replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" data-prerendered-path="${page.path}" data-prerendered-session="${page.visitor}">${markup}</div>`,
        );
        const file = join(outDir, page.file);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, html);
      }
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
