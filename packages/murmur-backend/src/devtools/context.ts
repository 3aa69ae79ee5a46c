// What startMurmurBackend hands the devtools panel (a chunk loaded only with
// `devtools: true`).

import type { SetupWorker } from 'msw/browser';
import type { TransportExchange } from '../browser/inPageTransport.js';
import type { PersistentBackend } from '../persistence/persistentBackend.js';

export interface DevtoolsContext {
  msw: SetupWorker;
  /** `live`: the state's live events, which the panel lists as they come. */
  backend: Pick<PersistentBackend, 'reset' | 'exportBackup' | 'importBackup' | 'revision' | 'live'>;
  transport: typeof fetch;
  /** Add a listener to hear of every request the transport answers (the one there at first fills `backlog`). */
  exchanges: Set<(exchange: TransportExchange) => void>;
  /** What the transport answered before the panel loaded. */
  backlog: TransportExchange[];
  basePath: string;
}
