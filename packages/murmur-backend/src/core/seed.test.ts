// @vitest-environment node
// A seed goes into the core whole or not at all: a `{snapshot}` given as text
// or as an object is imported (and checked) by the core, a refused one says
// why and leaves the state as it was.
import { expect, it } from 'vitest';
import { createNodeCore } from '../node/nodeCore.js';
import { applySeed, SeedError } from './seed.js';

it('imports a {snapshot} seed given as text or as an object, and a refused one changes nothing', () => {
  const source = createNodeCore();
  const text = source.exportSnapshot();
  source.free();
  const core = createNodeCore();
  applySeed(core, { snapshot: text });
  expect(core.exportSnapshot()).toBe(text);
  core.reset();
  applySeed(core, { snapshot: JSON.parse(text) as object });
  expect(core.exportSnapshot()).toBe(text);
  // A state that breaks a rule (a post by nobody) is refused, naming why.
  const broken = JSON.parse(text) as { posts: { author: string }[] };
  broken.posts[0]!.author = 'u-nobody';
  expect(() => applySeed(core, { snapshot: JSON.stringify(broken) })).toThrow(SeedError);
  expect(() => applySeed(core, { snapshot: broken })).toThrow(/^seed: snapshot refused: /);
  expect(core.exportSnapshot()).toBe(text);
  core.free();
});

it('refuses a seed whose users are not a list', () => {
  const core = createNodeCore();
  expect(() => applySeed(core, { users: 'guest' } as never)).toThrow('seed: `users` must be a list');
  core.free();
});
