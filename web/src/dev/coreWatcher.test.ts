import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ViteDevServer } from 'vite';
import { type BuildResult, isCoreSource, rebuildCoreOnRustChange } from './coreWatcher';

const root = '/repo';
const core = join(root, 'mock-core');

/** The plugin on a stand-in dev server: the watcher's events, what it sends to the page, what it logs. */
function devServer(build: () => Promise<BuildResult>) {
  const watcher = Object.assign(new EventEmitter(), { add: vi.fn() });
  const sent: unknown[] = [];
  const logs: string[] = [];
  const logger = { info: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };
  const server = { watcher, ws: { send: (payload: unknown) => sent.push(payload) }, config: { logger } };
  const plugin = rebuildCoreOnRustChange(root, build);
  (plugin.configureServer as (s: ViteDevServer) => void)(server as unknown as ViteDevServer);
  return { watcher, sent, logs };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('npm run dev rebuilds the core on a Rust change', () => {
  it('knows the core source from its build output and the rest of the repo', () => {
    expect(isCoreSource(join(core, 'src/routes/posts.rs'), core)).toBe(true);
    expect(isCoreSource(join(core, 'Cargo.toml'), core)).toBe(true);
    expect(isCoreSource(join(core, 'pkg/mock_core.js'), core)).toBe(false);
    expect(isCoreSource(join(core, 'target/debug/build.rs'), core)).toBe(false);
    expect(isCoreSource(join(root, 'web/src/main.tsx'), core)).toBe(false);
    expect(isCoreSource(join(root, 'other/lib.rs'), core)).toBe(false);
  });

  it('watches the core, and a saved Rust file rebuilds it once and reloads the page', async () => {
    const build = vi.fn(async () => ({ ok: true, output: '' }));
    const { watcher, sent } = devServer(build);
    expect(watcher.add).toHaveBeenCalledWith([join(core, 'src'), join(core, 'Cargo.toml')]);
    watcher.emit('change', join(core, 'src/routes/posts.rs'));
    watcher.emit('change', join(core, 'src/routes/users.rs'));
    await settle();
    expect(build).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([{ type: 'full-reload' }]);
  });

  it('does nothing for files that are not the core source', async () => {
    const build = vi.fn(async () => ({ ok: true, output: '' }));
    const { watcher, sent } = devServer(build);
    watcher.emit('change', join(core, 'pkg/mock_core_bg.wasm'));
    watcher.emit('change', join(root, 'web/src/main.tsx'));
    await settle();
    expect(build).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('a change during a build starts one more build after it', async () => {
    let finish: (r: BuildResult) => void = () => undefined;
    const build = vi.fn(() => new Promise<BuildResult>((resolve) => (finish = resolve)));
    const { watcher, sent } = devServer(build);
    watcher.emit('change', join(core, 'src/db.rs'));
    await settle();
    watcher.emit('change', join(core, 'src/db.rs'));
    watcher.emit('add', join(core, 'src/new.rs'));
    finish({ ok: true, output: '' });
    await settle();
    expect(build).toHaveBeenCalledTimes(2);
    finish({ ok: true, output: '' });
    await settle();
    expect(build).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([{ type: 'full-reload' }, { type: 'full-reload' }]);
  });

  it('a failed build shows the compiler output in the overlay and does not reload', async () => {
    const output = 'error[E0308]: mismatched types --> src/routes/posts.rs:12:5';
    const { watcher, sent, logs } = devServer(async () => ({ ok: false, output }));
    watcher.emit('change', join(core, 'src/routes/posts.rs'));
    await settle();
    expect(sent).toEqual([{ type: 'error', err: { message: `The core failed to build:\n${output}`, stack: '' } }]);
    expect(logs.some((line) => line.includes(output))).toBe(true);
  });
});
