// state.json, the HTTP server's last snapshot saved in full: one JSON
// document, the same SavedState the browser keeps in IndexedDB (format.ts),
// so that a directory's state and a tab's are one format. Read back with
// JSON.parse and trusted only as far as readSaved checks it: the fields it
// needs, and the snapshot as a string, whose rules the core checks when it
// imports it. Written whole or not at all (durableFile.ts).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeDurably } from './durableFile.js';
import { readSaved, type Loaded, type SavedState } from './format.js';

export const STATE_FILE = 'state.json';

/** `dir`'s state.json, checked: empty when there is none, unreadable (with its text) when it is not a saved state. */
export async function readStateFile(dir: string): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(join(dir, STATE_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'empty' };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { kind: 'unreadable', raw: text, reason: `${STATE_FILE} is not JSON (${String(error)})` };
  }
  return readSaved(parsed);
}

/** Replaces `dir`'s state.json with `state`. */
export function writeStateFile(dir: string, state: SavedState): Promise<void> {
  const { format, version, revision, stamp, savedAt, snapshot } = state;
  return writeDurably(join(dir, STATE_FILE), JSON.stringify({ format, version, revision, stamp, savedAt, snapshot }));
}
