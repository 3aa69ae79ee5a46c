// What startMurmurBackend hands the devtools panel (a chunk loaded only with
// `devtools: true`).

import type { SetupWorker } from 'msw/browser';
import type { TransportExchange } from '../browser/inPageTransport.js';
import type { PersistentBackend } from '../persistence/persistentBackend.js';
import type { MurmurEvent } from '../core/eventsApi.js';
import { iterateEvents } from '../core/liveEvents.js';

/**
 * What the panel does with the backend, wherever it runs (its worker, or
 * this page): each answer a promise, since the worker answers by message.
 */
export interface DevtoolsBackend {
  reset(): Promise<{ status: number }>;
  exportBackup(): Promise<string>;
  importBackup(file: Blob | string): Promise<unknown>;
  /** The saved state's revision, once a reset or a restore is saved. */
  revision(): Promise<number>;
  /** The state's live events, as they come (the public ones, as an anonymous reader). */
  events(): AsyncIterable<MurmurEvent>;
}

/** The panel's view of a backend that runs in this thread. */
export function localDevtoolsBackend(backend: PersistentBackend | Promise<PersistentBackend>): DevtoolsBackend {
  const ready = Promise.resolve(backend);
  return {
    reset: async () => (await ready).reset(),
    exportBackup: async () => (await ready).exportBackup(),
    importBackup: async (file) => (await ready).importBackup(file),
    revision: async () => (await ready).revision,
    events: () => iterateEvents(ready.then((started) => started.live)),
  };
}

export interface DevtoolsContext {
  msw: SetupWorker;
  backend: DevtoolsBackend;
  transport: typeof fetch;
  /** Add a listener to hear of every request the transport answers (the one there at first fills `backlog`). */
  exchanges: Set<(exchange: TransportExchange) => void>;
  /** What the transport answered before the panel loaded. */
  backlog: TransportExchange[];
  basePath: string;
}
