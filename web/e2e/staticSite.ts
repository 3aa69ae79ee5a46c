import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

/** A port the system says is free now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The static host of a test, which the test can take away (the site is then
 * unreachable, as with the network off) and bring back: scripts/serve.mjs
 * serving `dir` at `base` on a port of its own.
 */
export class StaticSite {
  private server?: ChildProcess;

  private constructor(
    readonly dir: string,
    readonly base: string,
    readonly port: number,
  ) {}

  static async start(dir: string, base = '/', port?: number): Promise<StaticSite> {
    const site = new StaticSite(dir, base, port ?? (await freePort()));
    await site.resume();
    return site;
  }

  /** The site's address, ending in its base path. */
  get url(): string {
    return `http://127.0.0.1:${this.port}${this.base}`;
  }

  async resume(): Promise<void> {
    if (this.server) return;
    const server = spawn(process.execPath, [SERVE, this.dir, '--port', String(this.port), '--base', this.base], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
      server.stdout?.once('data', () => resolve());
    });
  }

  /** Stops the server and waits until its port is closed. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
  }
}
