// @vitest-environment node
// A `{snapshot}` seed is checked whole by the core the first time it is
// imported; the same text again (a reset, a new sandbox, a restart over an
// unchanged seed file) skips the rules' check, and any other text, a refused
// one, or a snapshot given as an object is checked every time.
import { describe, expect, it } from 'vitest';
import { createNodeCore } from '../node/nodeCore.js';
import { applySeed, fixedSnapshotSeed, SeedError, type SeedableCore } from './seed.js';

/** A core that records which import each call used, refusing texts that hold "bad". */
function recordingCore() {
  const calls: string[] = [];
  const refuse = (json: string) => {
    if (json.includes('bad')) throw new Error('snapshot refused: bad');
  };
  const core: SeedableCore = {
    importSnapshot: (json) => {
      calls.push('checked');
      refuse(json);
    },
    importExportedSnapshot: (json) => {
      calls.push('accepted');
      refuse(json);
    },
    importSeed: () => {
      calls.push('seed');
    },
  };
  return { core, calls };
}

describe('a {snapshot} seed given as text', () => {
  it('is checked the first time, and imported without the check while its text is the same', () => {
    const { core, calls } = recordingCore();
    const seed = { snapshot: '{"posts":[1]}' };
    applySeed(core, seed);
    applySeed(core, seed);
    // The same text in another string (as a file read again gives it).
    applySeed(core, { ...seed });
    seed.snapshot = ['{"posts":', '[1]}'].join('');
    applySeed(core, seed);
    expect(calls).toEqual(['checked', 'accepted', 'checked', 'accepted']);
  });

  it('is checked again once its text changed, and after a refusal', () => {
    const { core, calls } = recordingCore();
    const seed = { snapshot: '{"posts":[1]}' };
    applySeed(core, seed);
    seed.snapshot = '{"posts":[2]}';
    applySeed(core, seed);
    seed.snapshot = '{"posts":"bad"}';
    expect(() => applySeed(core, seed)).toThrow(SeedError);
    expect(() => applySeed(core, seed)).toThrow('seed: snapshot refused: bad');
    expect(calls).toEqual(['checked', 'checked', 'checked', 'checked']);
  });

  it('given as an object, is checked every time (it may have been changed in place)', () => {
    const { core, calls } = recordingCore();
    const seed = { snapshot: { posts: [1] } };
    applySeed(core, seed);
    applySeed(core, seed);
    expect(calls).toEqual(['checked', 'checked']);
  });

  it('is checked every time by a core that cannot skip the check', () => {
    const { core, calls } = recordingCore();
    delete core.importExportedSnapshot;
    const seed = { snapshot: '{"posts":[1]}' };
    applySeed(core, seed);
    applySeed(core, seed);
    expect(calls).toEqual(['checked', 'checked']);
  });
});

describe('fixedSnapshotSeed (a seed file held as bytes)', () => {
  it('is checked once, then imported without the check', () => {
    const { core, calls } = recordingCore();
    let made = 0;
    const seed = fixedSnapshotSeed(() => `{"posts":[${++made}]}`, false);
    applySeed(core, seed);
    applySeed(core, seed);
    expect(calls).toEqual(['checked', 'accepted']);
    expect(made).toBe(2);
  });

  it('that a core accepted before (its digest kept beside the state) is never checked here', () => {
    const { core, calls } = recordingCore();
    const seed = fixedSnapshotSeed(() => '{"posts":[1]}', true);
    applySeed(core, seed);
    expect(calls).toEqual(['accepted']);
  });

  it('that was refused is checked again next time', () => {
    const { core, calls } = recordingCore();
    const seed = fixedSnapshotSeed(() => '{"posts":"bad"}', false);
    expect(() => applySeed(core, seed)).toThrow(SeedError);
    expect(() => applySeed(core, seed)).toThrow(SeedError);
    expect(calls).toEqual(['checked', 'checked']);
  });
});

it('the real core ends in the same state whichever import it takes', () => {
  const source = createNodeCore();
  const text = source.exportSnapshot();
  source.free();
  const seed = { snapshot: text };
  const core = createNodeCore();
  applySeed(core, seed);
  const checked = core.exportSnapshot();
  core.reset();
  applySeed(core, seed);
  expect(core.exportSnapshot()).toBe(checked);
  expect(checked).toBe(text);
  // A state the check refuses is refused on its first import, whatever came before.
  const broken = JSON.parse(text) as { posts: { author: string }[] };
  broken.posts[0]!.author = 'u-nobody';
  expect(() => applySeed(core, { snapshot: JSON.stringify(broken) })).toThrow(SeedError);
  expect(core.exportSnapshot()).toBe(checked);
  core.free();
});
