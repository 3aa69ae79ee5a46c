// A build step of the site (vite.config.ts): the chunks a first visit runs
// are marked for eager compilation.
//
// V8 compiles most functions only when they are first called, on the main
// thread. A first visit calls hundreds of functions for the first time at
// once: the guest's click on /login runs the shell, Home, the feed's cards,
// React DOM's commit and RTK Query's cache for the first time, and on a
// phone's CPU compiling them was a good part of the click (bench/NOTES.md, item 27).
// Chromium (136 and later) reads the comment `//# allFunctionsCalledOnLoad`
// on a script's first line as "compile every function now": it does so
// while the script streams in, on a background thread, so the first calls
// find them compiled. Other engines ignore the comment. Chunks no first
// visit runs (the emoji picker, the data generator, other pages) stay lazy:
// compiling them would cost work and memory for nothing.
import type { Plugin, Rollup } from 'vite';

/** The magic comment, on a chunk's first line. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The modules a first visit runs, each with what it imports statically: the
 * page's entry (index.html's, src/main.tsx, and the start-up it imports),
 * the backend, the login page, and the pages a sign-in leads to (the shell
 * and Home, which the login page preloads).
 */
export const FIRST_VISIT_MODULES: readonly string[] = [
  'web/index.html',
  'murmur-backend/dist/browser/index.js',
  'web/src/features/auth/LoginPage.tsx',
  'web/src/app/layout/AppLayout.tsx',
  'web/src/features/posts/HomePage.tsx',
];

/** What marks a chunk: the module it is built from, and the chunks it imports statically. */
type ChunkLinks = Pick<Rollup.RenderedChunk, 'fileName' | 'facadeModuleId' | 'imports'>;

/**
 * The file names of the chunks built from a module of `roots` (found by the
 * end of its path) and of every chunk they import statically: the chunks
 * that load with them.
 */
export function eagerChunks(chunks: Record<string, ChunkLinks>, roots: readonly string[]): Set<string> {
  const facade = (chunk: ChunkLinks) => chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
  const marked = new Set<string>();
  const visit = (fileName: string) => {
    if (marked.has(fileName)) return;
    marked.add(fileName);
    chunks[fileName]?.imports.forEach(visit);
  };
  for (const root of roots) {
    const found = Object.values(chunks).find((chunk) => facade(chunk).endsWith(`/${root}`));
    // A module moved or renamed: say which, rather than leave its chunk lazy unnoticed.
    if (!found) throw new Error(`murmur-compile-hints: no chunk is built from ${root}; update FIRST_VISIT_MODULES`);
    visit(found.fileName);
  }
  return marked;
}

/**
 * Puts EAGER_COMPILE_HINT first in each chunk of `eagerChunks(…,
 * FIRST_VISIT_MODULES)`. The minifier drops comments, so the line goes in
 * once the chunks are final (generateBundle); each marked chunk's content
 * hash takes the mark in before that (augmentChunkHash), so that a file's
 * name still names its content.
 */
export function compileHints(): Plugin {
  let eager = new Set<string>();
  return {
    name: 'murmur-compile-hints',
    apply: 'build',
    renderStart() {
      eager = new Set();
    },
    // Every chunk is known here, under the names the hashes are made for.
    renderChunk(_code, _chunk, _options, meta) {
      if (eager.size === 0) eager = eagerChunks(meta.chunks, FIRST_VISIT_MODULES);
      return null;
    },
    augmentChunkHash(chunk) {
      return eager.has(chunk.fileName) ? EAGER_COMPILE_HINT : undefined;
    },
    // After Vite's own last touches (the entry's list of preloads is put first in it).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.fromEntries(
          Object.entries(bundle).filter((entry): entry is [string, Rollup.OutputChunk] => entry[1].type === 'chunk'),
        );
        for (const fileName of eagerChunks(chunks, FIRST_VISIT_MODULES)) {
          const chunk = chunks[fileName];
          if (chunk) chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
