// The backend's worker script: `new Worker(new URL('./workerEntry.js',
// import.meta.url), { type: 'module' })`, `@murmur/backend/worker` for a
// bundler, or the self-contained copy `murmur-backend init` lays out.
// First: msw needs it as it loads.
import './workerGlobals.js';
import { serveBackend } from './backendWorker.js';

// msw's handler for the live events' stream is made with the platform's
// EventSource: a worker without one fails here, before it answers anything,
// and the page runs the backend itself (./index.ts).
if (typeof EventSource === 'undefined')
  throw new Error('This worker has no EventSource: the backend runs in the page.');
serveBackend(self as unknown as Parameters<typeof serveBackend>[0]);
