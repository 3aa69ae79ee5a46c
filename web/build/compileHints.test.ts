import { describe, expect, it } from 'vitest';
import { eagerChunks } from './compileHints';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
  fileName,
  facadeModuleId,
  imports,
});

describe('eagerChunks', () => {
  const chunks = Object.fromEntries(
    [
      chunk('index.js', '/repo/web/index.html', ['react.js']),
      chunk('react.js', null),
      chunk('HomePage.js', '/repo/web/src/features/posts/HomePage.tsx', ['PostCard.js', 'react.js']),
      chunk('PostCard.js', null, ['hashtags.js']),
      chunk('hashtags.js', null),
      chunk('ExplorePage.js', '/repo/web/src/features/posts/ExplorePage.tsx', ['PostCard.js', 'PageBar.js']),
      chunk('PageBar.js', null),
    ].map((c) => [c.fileName, c]),
  );

  it("marks the roots' chunks and every chunk they import statically, and nothing else", () => {
    const marked = eagerChunks(chunks, ['web/index.html', 'web/src/features/posts/HomePage.tsx']);
    expect([...marked].sort()).toEqual(['HomePage.js', 'PostCard.js', 'hashtags.js', 'index.js', 'react.js']);
  });

  it('fails the build, naming the module, when a root has no chunk', () => {
    expect(() => eagerChunks(chunks, ['web/src/app/layout/AppLayout.tsx'])).toThrow(
      'murmur-compile-hints: no chunk is built from web/src/app/layout/AppLayout.tsx; update FIRST_VISIT_MODULES',
    );
  });
});
