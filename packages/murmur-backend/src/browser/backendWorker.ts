// The backend's dedicated worker: the wasm core, its persistence (IndexedDB,
// the journal, compaction, backups), the tab sync and the live events run
// here, on a thread of their own, as a server runs in its own process. The
// page (./workerHost.ts) hands each request over and gets the answer back.
// Imported as the worker's module (`@murmur/backend/worker`), or loaded as the
// self-contained script `murmur-backend init` lays out.

import type { EventsOptions } from '../core/eventsApi.js';
import { iterateEvents } from '../core/liveEvents.js';
import { backupApi } from '../persistence/backupApi.js';
import { sendError, type CallName, type FromWorker, type ToWorker } from './backendProtocol.js';
import type { PageSide } from './indexedDbPersistence.js';
import { startLocalBackend, type LocalBackend } from './localBackend.js';

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

/** Whether this browser can transfer a ReadableStream (WebKitGTK, for one, cannot): checked once. */
let streamsTransfer: boolean | undefined;

function canTransferStreams(): boolean {
  if (streamsTransfer !== undefined) return streamsTransfer;
  try {
    const probe = new ReadableStream();
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(probe, [probe as unknown as Transferable]);
    port1.close();
    port2.close();
    streamsTransfer = true;
  } catch {
    streamsTransfer = false;
  }
  return streamsTransfer;
}

/**
 * Serves the page at `scope` (the worker's global). `transferStreams`: send
 * an event stream as a transferred stream (by default where the browser can).
 */
export function serveBackend(scope: WorkerScope, options: { transferStreams?: boolean } = {}): void {
  const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);
  const transferStreams = () => options.transferStreams ?? canTransferStreams();
  let starting = false;
  let begin!: (backend: LocalBackend) => void;
  const ready = new Promise<LocalBackend>((resolve) => (begin = resolve));
  /** What the page stops reading: a stream's reader, an events iteration. */
  const cancels = new Map<number, () => void>();

  const start = (message: Extract<ToWorker, { kind: 'start' }>) => {
    if (starting) return;
    starting = true;
    let saved = message.wasSaved;
    const page: PageSide = {
      dispatch: (name, detail) => post({ kind: 'dispatch', name, detail }),
      marker: {
        wasSaved: () => saved,
        mark: () => {
          saved = true;
          post({ kind: 'marker', op: 'mark' });
        },
        clear: () => {
          saved = false;
          post({ kind: 'marker', op: 'clear' });
        },
      },
    };
    let local: LocalBackend;
    try {
      local = startLocalBackend(message.options, page);
    } catch (error) {
      post({ kind: 'failed', error: sendError(error) });
      return;
    }
    begin(local);
    local.started.then(
      (report) => post({ kind: 'started', report }),
      (error: unknown) => post({ kind: 'failed', error: sendError(error) }),
    );
  };

  const answer = async (message: Extract<ToWorker, { kind: 'request' }>) => {
    const { id } = message;
    const backend = await ready;
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      body: message.body,
    });
    const response = await backend.respond(request);
    if (!response) return post({ kind: 'unhandled', id });
    const head = { kind: 'response' as const, id, status: response.status, statusText: response.statusText };
    const headers = [...response.headers];
    const stream = response.body;
    // An answer whose length is known is read here and moved over as bytes; an
    // event stream never ends, so it goes over as a stream.
    if (!stream || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const body = stream ? await response.arrayBuffer() : null;
      return post({ ...head, headers, body }, body ? [body] : []);
    }
    if (transferStreams()) return post({ ...head, headers, body: stream }, [stream as unknown as Transferable]);
    post({ ...head, headers, body: 'chunks' });
    const reader = stream.getReader();
    cancels.set(id, () => void reader.cancel().catch(() => undefined));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = value.slice().buffer;
        post({ kind: 'chunk', id, chunk }, [chunk]);
      }
      post({ kind: 'end', id });
    } catch (error) {
      post({ kind: 'end', id, error: sendError(error) });
    } finally {
      cancels.delete(id);
    }
  };

  const call = async (name: CallName, args: unknown[]): Promise<unknown> => {
    const backend = await (await ready).backend;
    if (name === 'reset') return backend.reset();
    if (name === 'revision') return backend.revision;
    if (name === 'exportBackup') return backend.exportBackup();
    if (name === 'importBackup') return backupApi(backend).importBackup(args[0] as Blob | string);
    const [method, ...rest] = args as [string, ...unknown[]];
    const core = (await (await ready).core) as unknown as Record<string, unknown>;
    const member = core[method];
    if (typeof member !== 'function') throw new TypeError(`The core has no method ${method}()`);
    return (member as (...given: unknown[]) => unknown).apply(core, rest);
  };

  const follow = async (id: number, options: Omit<EventsOptions, 'signal'>) => {
    const stop = new AbortController();
    cancels.set(id, () => stop.abort());
    try {
      const live = (await (await ready).backend).live;
      for await (const event of iterateEvents(live, { ...options, signal: stop.signal })) {
        post({ kind: 'event', id, event });
      }
      post({ kind: 'end', id });
    } catch (error) {
      post({ kind: 'end', id, error: stop.signal.aborted ? undefined : sendError(error) });
    } finally {
      cancels.delete(id);
    }
  };

  scope.addEventListener('message', ({ data: message }) => {
    switch (message.kind) {
      case 'start':
        return start(message);
      case 'request':
        return void answer(message).catch((error: unknown) =>
          post({ kind: 'end', id: message.id, error: sendError(error) }),
        );
      case 'call':
        return void call(message.name, message.args).then(
          (value) => post({ kind: 'result', id: message.id, value }),
          (error: unknown) => post({ kind: 'result', id: message.id, error: sendError(error) }),
        );
      case 'events':
        return void follow(message.id, message.options);
      case 'cancel':
        return cancels.get(message.id)?.();
    }
  });
}
