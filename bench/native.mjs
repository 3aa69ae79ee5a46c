// The core natively (no wasm, no browser): `cargo run --release --example
// bench` in mock-core, whose source is mock-core/examples/bench.rs. It stays
// in the crate because it is Rust that calls the crate's API and builds with
// the crate's own profile and lock file; a second crate here would only copy
// that set-up. This file is where the bench runs it and records its output.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export default {
  title: 'The core natively (Rust, release build): `handle()` at growing numbers of posts, and at 10,000 posts',
  smoke: false,
  async run(env) {
    // Asynchronous: the build takes a while and nothing else should wait on a blocked event loop.
    const { stdout } = await promisify(execFile)(
      'cargo',
      ['run', '--release', '--quiet', '-p', 'mock-core', '--example', 'bench'],
      { cwd: env.root, maxBuffer: 1 << 24 },
    );
    return {
      body: [
        'From `cargo run --release --example bench` (mock-core/examples/bench.rs): mean µs per call, the state built by the crate itself.',
        '',
        '```text',
        stdout.trim(),
        '```',
      ].join('\n'),
    };
  },
};
