// `npm run dev`: the dev server rebuilds the core when a Rust file changes,
// then reloads the page, so editing a handler needs no manual step. Vite's
// own file watcher (chokidar) sees the change; the build is
// scripts/build-core.sh --dev, one at a time: changes that arrive during a
// build start one more build after it. A failed build shows its compiler
// output in Vite's error overlay and in the terminal, and the page keeps
// the last good core.
import { spawn } from 'node:child_process';
import { relative, sep } from 'node:path';
import type { Plugin } from 'vite';

export interface BuildResult {
  ok: boolean;
  output: string;
}

/** Whether `file` is part of the core's source: a `.rs` file or a `Cargo.toml` under `mock-core/`, outside its build output. */
export function isCoreSource(file: string, coreDir: string): boolean {
  const rel = relative(coreDir, file);
  if (rel.startsWith('..') || rel.split(sep).some((part) => part === 'pkg' || part === 'target')) return false;
  return rel.endsWith('.rs') || rel === 'Cargo.toml';
}

export interface Rebuilder {
  /** A source file changed: build soon (after `debounceMs`, so a save of many files is one build). */
  changed(): void;
  /** Resolves when no build is running or due. */
  idle(): Promise<void>;
}

export function createRebuilder(
  build: () => Promise<BuildResult>,
  onDone: (result: BuildResult) => void,
  onStart: () => void = () => undefined,
  debounceMs = 150,
): Rebuilder {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const run = async (): Promise<void> => {
    do {
      again = false;
      onStart();
      onDone(await build().catch((e: unknown) => ({ ok: false, output: String(e) })));
    } while (again);
    running = null;
  };

  return {
    changed() {
      if (running) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        running = run();
      }, debounceMs);
    },
    async idle() {
      while (timer || running) {
        await (running ?? new Promise((resolve) => setTimeout(resolve, debounceMs)));
      }
    },
  };
}

/** `bash scripts/build-core.sh --dev` in `root`, with its output. */
function buildCore(root: string): Promise<BuildResult> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['scripts/build-core.sh', '--dev'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (e) => resolve({ ok: false, output: `${output}${String(e)}` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/** The dev server's plugin: watch `<root>/mock-core`, rebuild, reload (or show the build's errors). */
export function rebuildCoreOnRustChange(
  root: string,
  build: () => Promise<BuildResult> = () => buildCore(root),
): Plugin {
  const coreDir = `${root.replace(/[\\/]+$/, '')}${sep}mock-core`;
  return {
    name: 'murmur:rebuild-core',
    apply: 'serve',
    configureServer(server) {
      const log = server.config.logger;
      const rebuilder = createRebuilder(
        build,
        ({ ok, output }) => {
          if (ok) {
            log.info('murmur: core rebuilt, reloading the page', { timestamp: true });
            server.ws.send({ type: 'full-reload' });
          } else {
            log.error(`murmur: the core failed to build\n${output}`, { timestamp: true });
            server.ws.send({ type: 'error', err: { message: `The core failed to build:\n${output}`, stack: '' } });
          }
        },
        () => log.info('murmur: a Rust file changed, rebuilding the core…', { timestamp: true }),
      );
      server.watcher.add([`${coreDir}${sep}src`, `${coreDir}${sep}Cargo.toml`]);
      for (const event of ['add', 'change', 'unlink'] as const) {
        server.watcher.on(event, (file: string) => {
          if (isCoreSource(file, coreDir)) rebuilder.changed();
        });
      }
    },
  };
}
