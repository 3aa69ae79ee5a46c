import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../packages/murmur-backend/dist/bin/murmur-backend.js', import.meta.url));
const DIST = fileURLToPath(new URL(`../${process.env.E2E_DIST ?? 'dist'}`, import.meta.url));

/** The built app served by `murmur-backend serve --static` on a port of its own, with a state in memory. */
export class ServedApp {
  private constructor(
    private readonly server: ChildProcess,
    /** Its address, ending in `/`. */
    readonly url: string,
  ) {}

  static async start(): Promise<ServedApp> {
    const server = spawn(
      process.execPath,
      [CLI, 'serve', '--memory', '--port', '0', '--log', 'off', '--static', DIST],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const url = await new Promise<string>((ready, failed) => {
      let said = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        const at = /ready at (http:\S+\/)/.exec(said)?.[1];
        if (at) ready(at);
      });
      server.once('exit', (code) => failed(new Error(`murmur-backend serve exited (${code}): ${said}`)));
    });
    return new ServedApp(server, url);
  }

  async stop(): Promise<void> {
    if (this.server.exitCode !== null) return;
    const exited = new Promise((resolve) => this.server.once('exit', resolve));
    this.server.kill();
    await exited;
  }
}
