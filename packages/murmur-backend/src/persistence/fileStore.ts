// The state in a directory, for the HTTP server: the same saved forms as the
// browser's IndexedDB store (format.ts), written so that a crash loses no
// answered write and never leaves one half applied.
//
//   state.json      the last snapshot saved in full (stateFile.ts)
//   journal.jsonl   one JournalEntry per line, appended after that snapshot;
//                   a write's answer waits until its line is flushed (fsync),
//                   and the lines that arrive during one flush share the next
//   media/<id>      uploaded images, on disk (flushed) before the journal
//                   line that names them
//   quarantine/     saved states that could not be read, kept for a person
//
// The process that holds the directory is its only writer (directoryLock.ts),
// so the store keeps what it wrote in memory too and reads only at start-up.
// Recovery reads the snapshot, then the journal up to its first line that is
// not a whole JSON entry (a torn tail: the last write's answer never went
// out) and drops the rest; lines a newer snapshot already holds are dropped too.

import { mkdir, open, readdir, readFile, rm, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { imageTypeOf } from '../core/imageType.js';
import { writeDurably } from './durableFile.js';
import {
  headOf,
  isHead,
  NoBaseError,
  overwritesOther,
  sameHead,
  StaleStateError,
  type JournalEntry,
  type Loaded,
  type SavedHead,
  type SavedState,
} from './format.js';
import { readStateFile, STATE_FILE, writeStateFile } from './stateFile.js';
import type { AppendOptions, MediaRecord, SaveOptions, StateStore, StoredState } from './store.js';

export const JOURNAL_FILE = 'journal.jsonl';
export const MEDIA_DIR = 'media';
const QUARANTINE_DIR = 'quarantine';

/** The journal's text as entries: whole lines that parse, up to the first that does not. */
export function readJournalText(text: string): { entries: unknown[]; dropped: number } {
  const lines = text.split('\n');
  // The text after the last newline is a line whose write never finished.
  const torn = lines.pop() ?? '';
  const entries: unknown[] = [];
  let dropped = torn === '' ? 0 : 1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      dropped += lines.length - i;
      break;
    }
  }
  return { entries, dropped };
}

export interface FileStoreOptions {
  /** Images that belong to the seed (a backup given as the seed): put back after every reset. */
  seedMedia?: () => Promise<readonly MediaRecord[]>;
}

export class FileStateStore implements StateStore {
  private saved: Loaded = { kind: 'empty' };
  private head: SavedHead | undefined;
  private journal: JournalEntry[] = [];
  /** Journal lines written to no file yet, and those waiting for their flush. */
  private pending: string[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;
  /** A flush failed: nothing later is acknowledged (the state on disk is the last answered one). */
  private broken: unknown = null;
  /** What recovery dropped: a torn last line, or lines after one that did not parse. */
  readonly recovered: { droppedLines: number };

  private constructor(
    readonly dir: string,
    private journalFile: FileHandle,
    private readonly options: FileStoreOptions,
    recovered: { droppedLines: number },
  ) {
    this.recovered = recovered;
  }

  /** Opens (creating it if needed) the state in `dir`, recovering from a crash. The caller holds the directory's lock. */
  static async open(dir: string, options: FileStoreOptions = {}): Promise<FileStateStore> {
    await mkdir(join(dir, MEDIA_DIR), { recursive: true });
    const loaded = await readStateFile(dir);
    let text = '';
    try {
      text = await readFile(join(dir, JOURNAL_FILE), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const { entries, dropped } = readJournalText(text);
    const after = loaded.kind === 'ok' ? loaded.saved.revision : Number.POSITIVE_INFINITY;
    const kept = entries.filter((entry): entry is JournalEntry => isHead(entry) && entry.revision > after);
    const journalPath = join(dir, JOURNAL_FILE);
    if (dropped > 0 || kept.length !== entries.length) {
      // Rewritten whole, so that the next line is appended after the last good one.
      await writeDurably(journalPath, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    }
    if (loaded.kind === 'empty') {
      for (const record of (await options.seedMedia?.()) ?? []) {
        await writeDurably(join(dir, MEDIA_DIR, record.id), new Uint8Array(record.bytes));
      }
    }
    const handle = await open(journalPath, 'a');
    const store = new FileStateStore(dir, handle, options, { droppedLines: dropped });
    store.saved = loaded;
    const last = kept[kept.length - 1];
    store.head = last ? headOf(last) : loaded.kind === 'ok' ? headOf(loaded.saved) : undefined;
    store.journal = kept;
    return store;
  }

  async readHead(): Promise<unknown> {
    return this.head;
  }

  async loadState(): Promise<StoredState> {
    return { loaded: this.saved, head: this.head, journal: [...this.journal] };
  }

  async readJournal(after: number, upTo = Number.POSITIVE_INFINITY): Promise<unknown[]> {
    return this.journal.filter((entry) => entry.revision > after && entry.revision <= upTo);
  }

  async save(state: SavedState, options: SaveOptions = {}): Promise<void> {
    this.checkUsable();
    if (options.expected !== undefined && overwritesOther(this.head, options.expected)) throw new StaleStateError();
    // Lines still waiting are part of this snapshot: flushed first, so that their answers can go out.
    await this.flushed();
    if (options.replaceMedia) for (const record of options.replaceMedia) await this.writeMedia(record);
    if (options.media) await this.writeMedia(options.media);
    await writeStateFile(this.dir, state);
    // The snapshot holds every line of the journal now: a crash before this
    // truncation leaves lines that recovery drops as already in it.
    await this.journalFile.truncate(0);
    await this.journalFile.sync();
    this.saved = { kind: 'ok', saved: state };
    this.head = headOf(state);
    this.journal = [];
    if (options.clearMedia || options.replaceMedia) {
      const keep = new Set(
        [...(options.replaceMedia ?? []), ...(options.media ? [options.media] : [])].map((m) => m.id),
      );
      for (const id of await this.mediaIds()) if (!keep.has(id)) await unlink(join(this.dir, MEDIA_DIR, id));
      if (options.clearMedia)
        for (const record of (await this.options.seedMedia?.()) ?? []) await this.writeMedia(record);
    }
  }

  async append(entry: JournalEntry, options: AppendOptions): Promise<void> {
    this.checkUsable();
    if (!this.head) throw new NoBaseError();
    if (!sameHead(this.head, options.expected)) throw new StaleStateError();
    // The image is on disk before the line that names it.
    if (options.media) await this.writeMedia(options.media);
    this.pending.push(`${JSON.stringify(entry)}\n`);
    this.journal.push(entry);
    this.head = headOf(entry);
  }

  /**
   * Settles once every line appended so far is flushed to disk (at once when
   * none waits). One flush writes all the lines waiting when it starts (group
   * commit). Rejects, for good, once a flush has failed.
   */
  flushed(): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.pending.length === 0 && this.waiters.length === 0) return this.flushing ?? Promise.resolve();
    const waiting = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) this.flushing = this.flushLoop();
    return waiting;
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.waiters.length > 0) {
        const lines = this.pending.splice(0);
        const waiters = this.waiters.splice(0);
        try {
          if (lines.length > 0) {
            await this.journalFile.write(lines.join(''));
            await this.journalFile.datasync();
          }
        } catch (error) {
          this.broken = error;
          for (const waiter of [...waiters, ...this.waiters.splice(0)]) waiter.reject(error);
          return;
        }
        for (const waiter of waiters) waiter.resolve();
      }
    } finally {
      this.flushing = null;
    }
  }

  private checkUsable(): void {
    if (this.broken) throw this.broken;
  }

  async repairHead(): Promise<void> {
    // Written only by this process, in step: nothing to repair.
  }

  async quarantine(saved: unknown, reason: string): Promise<void> {
    const dir = join(this.dir, QUARANTINE_DIR);
    await mkdir(dir, { recursive: true });
    const record = { quarantinedAt: Date.now(), reason, saved };
    await writeDurably(join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(record));
    await rm(join(this.dir, STATE_FILE), { force: true });
    await this.journalFile.truncate(0);
    await this.journalFile.sync();
    this.saved = { kind: 'empty' };
    this.head = undefined;
    this.journal = [];
  }

  async getMedia(id: string): Promise<MediaRecord | undefined> {
    if (!/^[\w-]+$/.test(id)) return undefined;
    try {
      const bytes = await readFile(join(this.dir, MEDIA_DIR, id));
      return { id, type: imageTypeOf(bytes) ?? 'application/octet-stream', bytes: toArrayBuffer(bytes) };
    } catch {
      return undefined;
    }
  }

  async allMedia(): Promise<MediaRecord[]> {
    const records = await Promise.all((await this.mediaIds()).map((id) => this.getMedia(id)));
    return records.filter((record): record is MediaRecord => record !== undefined);
  }

  /** Waits for the lines in flight, then closes the journal. */
  async close(): Promise<void> {
    await this.flushed().catch(() => undefined);
    await this.journalFile.close();
  }

  private async mediaIds(): Promise<string[]> {
    const names = await readdir(join(this.dir, MEDIA_DIR));
    return names.filter((name) => /^[\w-]+$/.test(name)).sort();
  }

  private writeMedia(record: MediaRecord): Promise<void> {
    return writeDurably(join(this.dir, MEDIA_DIR, record.id), new Uint8Array(record.bytes));
  }
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
