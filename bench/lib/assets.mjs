// Sizes of a built site's files: compressed as a host sends them, and which
// of them a page's HTML loads before anything else.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** zlib at level 9: what most servers' on-the-fly compression produces. */
export const zlib9 = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** GNU gzip -9 (what `gzip -9c file | wc -c` says; about 1% under zlib's), or zlib's if gzip is missing. */
export function gzip9(file) {
  try {
    return execFileSync('gzip', ['-9c', file], { maxBuffer: 1 << 28 }).length;
  } catch {
    return zlib9(file);
  }
}

/**
 * What a page's HTML (`page`, relative to the built `dir`) loads before it is
 * interactive: its `<script src>`s, modulepreloads and stylesheets. Returns a
 * test on an asset's file name, and the classic (not module) scripts' URLs.
 */
export function initialOf(dir, page) {
  const html = readFileSync(join(dir, page), 'utf8');
  const initial = new Set();
  const classic = [];
  for (const m of html.matchAll(/<script([^>]*)src="([^"]+)"/g)) {
    initial.add(m[2]);
    if (!/type="module"/.test(m[1])) classic.push(m[2]);
  }
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) initial.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) initial.add(m[1]);
  return { has: (name) => [...initial].some((src) => src.endsWith(`/assets/${name}`)), classic };
}
