// The wasm core in Node, loaded from the built module on disk.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSync, MockCore } from '../../core/mock_core.js';

// A path, not a URL: under jsdom, `URL` is jsdom's and node:fs refuses it
// (and a bundler may rewrite `new URL(..., import.meta.url)` into an asset's URL).
const wasmPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../core/mock_core_bg.wasm');
let exports: { memory: WebAssembly.Memory } | null = null;

/**
 * A fresh core over the demo seed, loaded from the built wasm on disk, for a
 * site under `basePath` (its media and avatar paths are absolute under it).
 * It seeds its salts from Node's `crypto.getRandomValues`.
 */
export function createNodeCore(basePath = '/'): MockCore {
  exports ??= initSync({ module: readFileSync(wasmPath) });
  return new MockCore({ basePath });
}

/** The bytes of the wasm module's linear memory (every core's state; it grows, never shrinks): 0 before the first core. */
export function wasmMemoryBytes(): number {
  return exports?.memory.buffer.byteLength ?? 0;
}
