// The backend's msw handlers (uploads, stored images, the reset control, the
// live events' stream, then every `/api` route into the core), over a backend that may still be
// starting: the handlers exist from the start, so they are the worker's (and
// the server's) initial handlers, and `resetHandlers()` returns to them.

import type { RequestHandler } from 'msw';
import { createHandlers, type TestStateOf } from './apiRoute.js';
import type { ApiRequest, Backend } from './coreCall.js';
import { eventsHandlers, type EventsBackend } from './eventsRoute.js';
import { withHostOptions, type MurmurCommonOptions } from './hostOptions.js';
import { createPersistenceHandlers, type MediaBackend } from './mediaRoutes.js';
import type { PersistentBackend } from '../persistence/persistentBackend.js';
import { testHandlers } from './testRoutes.js';

/** A backend that answers once `started` has: requests sent before then wait for it. */
export function whenStarted(started: Promise<PersistentBackend>): Backend & MediaBackend & EventsBackend {
  return {
    liveEvents: async () => (await started).live,
    handle: async (request: ApiRequest) => (await started).handle(request),
    upload: async (...args) => (await started).upload(...args),
    getMedia: async (id) => (await started).getMedia(id),
    reset: async () => (await started).reset(),
    exportBackup: async () => (await started).exportBackup(),
    importBackup: async (file) => (await started).importBackup(file),
  };
}

/**
 * Every handler of the backend under `options.basePath` (normalised), with
 * the host's options around them. `testing`, when given, is the state's test
 * state (./testState.ts): its control routes come first (no latency), and
 * the API records into it and answers its stubs and faults.
 */
export function backendHandlers(
  backend: Backend & MediaBackend & EventsBackend,
  options: MurmurCommonOptions & { basePath: string; hostBoundsStreams?: boolean; testing?: TestStateOf },
): RequestHandler[] {
  const { testing } = options;
  const routes = [
    ...createPersistenceHandlers(backend, options.basePath),
    ...eventsHandlers(backend, options.basePath, { hostBoundsStreams: options.hostBoundsStreams }),
    ...createHandlers(backend, options.basePath, testing),
  ];
  return [...(testing ? testHandlers(testing, options.basePath) : []), ...withHostOptions(routes, options)];
}
