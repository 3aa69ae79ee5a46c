// The messages between the page and the backend's worker (./backendWorker.ts,
// ./workerHost.ts). Bodies travel as transferred ArrayBuffers (moved, not
// copied); a streamed answer (the live events) as a transferred
// ReadableStream where the browser can transfer one, else as chunk messages.

import type { EventsOptions, MurmurEvent } from '../core/eventsApi.js';
import type { LocalOptions, StartReport } from './localBackend.js';

/** Plain request or response headers, as pairs. */
export type HeaderPairs = [string, string][];

/** An error as it crosses: enough to make the same class again on the other side. */
export interface SentError {
  name: string;
  message: string;
  /** BackupError's `problem`, EventsRefused's `status`, ReaderFellBehind's `after`. */
  problem?: string;
  status?: number;
  after?: number;
}

/** What the page may ask of the backend besides its routes. */
export type CallName = 'reset' | 'exportBackup' | 'importBackup' | 'revision' | 'core';

export type ToWorker =
  | { kind: 'start'; options: LocalOptions; wasSaved: boolean }
  | { kind: 'request'; id: number; method: string; url: string; headers: HeaderPairs; body: ArrayBuffer | null }
  | { kind: 'call'; id: number; name: CallName; args: unknown[] }
  | { kind: 'events'; id: number; options: Omit<EventsOptions, 'signal'> }
  /** The page stopped reading a streamed answer or an events iteration. */
  | { kind: 'cancel'; id: number };

export type FromWorker =
  | { kind: 'started'; report: StartReport }
  | { kind: 'failed'; error: SentError }
  | {
      kind: 'response';
      id: number;
      status: number;
      statusText: string;
      headers: HeaderPairs;
      /** `chunks`: the body follows as `chunk` messages, then `end`. */
      body: ArrayBuffer | ReadableStream<Uint8Array> | null | 'chunks';
    }
  /** No handler of the backend's knows the request. */
  | { kind: 'unhandled'; id: number }
  | { kind: 'chunk'; id: number; chunk: ArrayBuffer }
  | { kind: 'end'; id: number; error?: SentError }
  | { kind: 'result'; id: number; value?: unknown; error?: SentError }
  | { kind: 'event'; id: number; event: MurmurEvent }
  /** A window event for the page to dispatch (`murmur:data-changed`, `murmur:backend-notice`). */
  | { kind: 'dispatch'; name: string; detail: unknown }
  /** The saved-state mark, which lives in the page's cookie and localStorage. */
  | { kind: 'marker'; op: 'mark' | 'clear' };

/** An error, thrown anywhere, as it crosses. */
export function sendError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { problem, status, after } = error as Error & { problem?: string; status?: number; after?: number };
  return { name: error.name, message: error.message, problem, status, after };
}
