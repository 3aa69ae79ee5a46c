// The saved form of the demo data. The core's snapshot (a versioned JSON
// document of its own) travels inside as a string: it is stored and read back
// without being parsed here, which keeps a save as cheap as a string copy.

import { isRecord } from '../json.js';

export const SAVED_FORMAT = 'murmur-demo-data';
export const SAVED_VERSION = 1;

/** Which save the stored state is: compared by every tab before it writes. */
export interface SavedHead {
  /** Bumped by every save, in every tab. */
  revision: number;
  /** Random per save, so that two different saves never look alike. */
  stamp: string;
  /** `Date.now()` of the save. */
  savedAt: number;
}

export interface SavedState extends SavedHead {
  format: typeof SAVED_FORMAT;
  version: number;
  /** `MockCore.exportSnapshot()`. */
  snapshot: string;
}

export type Loaded =
  { kind: 'empty' } | { kind: 'ok'; saved: SavedState } | { kind: 'unreadable'; raw: unknown; reason: string };

export function isHead(value: unknown): value is SavedHead {
  return (
    isRecord(value) &&
    Number.isSafeInteger(value.revision) &&
    typeof value.stamp === 'string' &&
    typeof value.savedAt === 'number'
  );
}

/** Just the head of a save or a journal entry (what the stores keep under `head`). */
export function headOf(head: SavedHead): SavedHead {
  return { revision: head.revision, stamp: head.stamp, savedAt: head.savedAt };
}

export function sameHead(a: SavedHead | null, b: SavedHead | null): boolean {
  if (!a || !b) return a === b;
  return a.revision === b.revision && a.stamp === b.stamp;
}

/**
 * Whether a save expecting `expected` would overwrite another writer's save:
 * the stored head is a save, and not the one expected. (Nothing stored, or a
 * damaged head, is nothing to lose.)
 */
export function overwritesOther(storedHead: unknown, expected: SavedHead | null): boolean {
  return isHead(storedHead) && !sameHead(storedHead, expected);
}

/** A save refused because another writer saved since this state was loaded. */
export class StaleStateError extends Error {
  constructor() {
    super('Another tab saved first');
    this.name = 'StaleStateError';
  }
}

/** Checks a stored value before anything trusts it. */
export function readSaved(raw: unknown): Loaded {
  if (raw === undefined) return { kind: 'empty' };
  if (!isRecord(raw) || raw.format !== SAVED_FORMAT) {
    return { kind: 'unreadable', raw, reason: 'not a Murmur saved state' };
  }
  if (raw.version !== SAVED_VERSION) {
    return {
      kind: 'unreadable',
      raw,
      reason: `saved format version ${String(raw.version)} is not one this build reads`,
    };
  }
  if (!isHead(raw) || typeof raw.snapshot !== 'string') {
    return { kind: 'unreadable', raw, reason: 'the saved state is incomplete' };
  }
  return { kind: 'ok', saved: raw as unknown as SavedState };
}

export function newHead(previous: SavedHead | null, now = Date.now()): SavedHead {
  const stamp = `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return { revision: (previous?.revision ?? 0) + 1, stamp, savedAt: now };
}

export function toSaved(head: SavedHead, snapshot: string): SavedState {
  return { format: SAVED_FORMAT, version: SAVED_VERSION, ...head, snapshot };
}

/**
 * One successful write, as the journal keeps it: enough to replay it on the
 * saved state it followed (`MockCore.handleAt` at the recorded clock gives the
 * same answer and the same state: the core's salt generator is in the
 * snapshot), and the head it made. Stored under its revision.
 */
export interface JournalEntry extends SavedHead {
  /** The stamp of the save this one follows: entries chain, so a gap or a stray entry is seen. */
  parent: string;
  method: string;
  url: string;
  authorization: string | null;
  body: string;
  /** The clock the write was answered at. */
  nowMs: number;
  offsetMinutes: number;
  /**
   * The write's `Idempotency-Key` and `Prefer` headers, when it was sent with
   * a key: replayed with both, the core keeps the same answer under the key
   * (docs/API.md, "Idempotency-Key"). Absent otherwise.
   */
  idempotencyKey?: string;
  prefer?: string;
}

/** A request of a journal entry, as it is recorded. */
export type RecordedRequest = Pick<
  JournalEntry,
  'method' | 'url' | 'authorization' | 'body' | 'nowMs' | 'offsetMinutes' | 'idempotencyKey' | 'prefer'
>;

export function isEntry(value: unknown): value is JournalEntry {
  return (
    isHead(value) &&
    isRecord(value) &&
    typeof value.parent === 'string' &&
    typeof value.method === 'string' &&
    typeof value.url === 'string' &&
    (value.authorization === null || typeof value.authorization === 'string') &&
    typeof value.body === 'string' &&
    Number.isFinite(value.nowMs) &&
    Number.isSafeInteger(value.offsetMinutes) &&
    (value.idempotencyKey === undefined || typeof value.idempotencyKey === 'string') &&
    (value.prefer === undefined || typeof value.prefer === 'string')
  );
}

/**
 * The entries (stored, sorted by revision) that follow `from` one after the
 * other: each the next revision and naming the previous one's stamp. Stops at
 * the first gap, stray or damaged entry, and after `upTo`.
 */
export function chainFrom(stored: unknown[], from: SavedHead, upTo = Number.POSITIVE_INFINITY): JournalEntry[] {
  const chain: JournalEntry[] = [];
  let previous = from;
  for (const entry of stored) {
    if (previous.revision >= upTo) break;
    if (!isEntry(entry) || entry.revision !== previous.revision + 1 || entry.parent !== previous.stamp) break;
    chain.push(entry);
    previous = entry;
  }
  return chain;
}

/** The head a chain of entries ends at: its last entry's, or `from` for none. */
export function chainHead(from: SavedHead, chain: JournalEntry[]): SavedHead {
  return headOf(chain[chain.length - 1] ?? from);
}

/** An append refused because nothing (or nothing readable) is saved to append to: save in full instead. */
export class NoBaseError extends Error {
  constructor() {
    super('No saved state to append to');
    this.name = 'NoBaseError';
  }
}
