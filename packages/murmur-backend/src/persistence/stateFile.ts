// state.json, the HTTP server's last snapshot saved in full: the saved state
// the browser keeps in IndexedDB (format.ts), as two JSON texts, one a line
// (JSON Lines): its head (format, version, revision, stamp, savedAt), then
// the core's snapshot as the core wrote it. Each is read as JSON by its own
// reader: the head by JSON.parse and readSaved's checks, the snapshot by the
// core, which checks its rules as it imports it. Kept apart so that the
// snapshot is never escaped into a JSON string, a copy of it that every
// start would parse and every compaction write (bench/NOTES.md, item 38).
// Written whole or not at all (durableFile.ts).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../json.js';
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
  const unreadable = (reason: string): Loaded => ({
    kind: 'unreadable',
    raw: text,
    reason: `${STATE_FILE}: ${reason}`,
  });
  const lineEnd = text.indexOf('\n');
  if (lineEnd === -1) return unreadable('not a head and a snapshot, one a line');
  let head: unknown;
  try {
    head = JSON.parse(text.slice(0, lineEnd));
  } catch (error) {
    return unreadable(`its first line is not JSON (${String(error)})`);
  }
  if (!isRecord(head) || 'snapshot' in head) return unreadable('its first line is not the head of a saved state');
  return readSaved({ ...head, snapshot: text.slice(lineEnd + 1) });
}

/** Replaces `dir`'s state.json with `state`. */
export function writeStateFile(dir: string, state: SavedState): Promise<void> {
  const { format, version, revision, stamp, savedAt, snapshot } = state;
  const head = JSON.stringify({ format, version, revision, stamp, savedAt });
  return writeDurably(join(dir, STATE_FILE), `${head}\n${snapshot}`);
}
