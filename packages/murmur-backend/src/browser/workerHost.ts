// The page's side of the backend's worker (./backendWorker.ts): it starts the
// worker, hands each request over (its body a transferred ArrayBuffer) and
// builds the answer back, a streamed one (the live events) from a
// transferred stream or from chunk messages. Nothing of the core runs here.

import { EventsRefused, ReaderFellBehind, type EventsOptions, type MurmurEvent } from '../core/eventsApi.js';
import { SeedError } from '../core/seed.js';
import { BackupError, type BackupProblem } from '../persistence/backup.js';
import { browserMarker } from '../persistence/savedMarker.js';
import type { CallName, FromWorker, SentError, ToWorker } from './backendProtocol.js';
import type { LocalOptions, StartReport } from './localBackend.js';

/** The same error class again, from what crossed. */
export function receiveError(sent: SentError): Error {
  let error: Error;
  if (sent.name === 'SeedError') error = new SeedError(sent.message);
  else if (sent.name === 'BackupError') error = new BackupError(sent.problem as BackupProblem, sent.message);
  else if (sent.name === 'EventsRefused') error = new EventsRefused(sent.status ?? 401, sent.message);
  else if (sent.name === 'ReaderFellBehind') error = new ReaderFellBehind(sent.after ?? 0);
  else if (sent.name === 'TypeError') error = new TypeError(sent.message);
  else {
    error = new Error(sent.message);
    error.name = sent.name;
  }
  return error;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Set once a chunked answer's head has come. */
  stream?: ReadableStreamDefaultController<Uint8Array>;
  /** Events for an iteration. */
  onEvent?: (event: MurmurEvent) => void;
}

/** What the page has of a backend that runs in a worker. */
export interface WorkerHost {
  /** Settles once the worker's backend answers; rejects with its start-up's error. */
  started: Promise<StartReport>;
  /** Rejects when the worker's script could not run at all (before it started). */
  unusable: Promise<never>;
  respond(request: Request): Promise<Response | undefined>;
  call(name: CallName, ...args: unknown[]): Promise<unknown>;
  events(options?: EventsOptions): AsyncGenerator<MurmurEvent, void, undefined>;
}

/**
 * Starts the backend in `worker` with `options` (the `.wasm` as a URL, a
 * response or bytes: a response's body is moved to the worker).
 */
export function connectWorker(worker: Worker, options: LocalOptions): WorkerHost {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  let report!: { resolve: (report: StartReport) => void; reject: (error: Error) => void };
  const started = new Promise<StartReport>((resolve, reject) => (report = { resolve, reject }));
  started.catch(() => undefined); // the caller awaits it
  let running = false;
  let refuse!: (error: Error) => void;
  const unusable = new Promise<never>((_, reject) => (refuse = reject));
  unusable.catch(() => undefined);
  const marker = browserMarker();

  worker.addEventListener('error', (event) => {
    // A script that fails to load or to run: the page runs the backend itself.
    if (!running) refuse(new Error(`The backend's worker could not start: ${event.message || 'no script'}`));
    event.preventDefault();
  });
  worker.addEventListener('message', ({ data: message }: MessageEvent<FromWorker>) => {
    running = true;
    const waiting = 'id' in message ? pending.get(message.id) : undefined;
    switch (message.kind) {
      case 'started':
        return report.resolve(message.report);
      case 'failed':
        return report.reject(receiveError(message.error));
      case 'dispatch':
        return void window.dispatchEvent(new CustomEvent(message.name, { detail: message.detail }));
      case 'marker':
        return message.op === 'mark' ? marker.mark() : marker.clear();
      case 'unhandled':
        pending.delete(message.id);
        return waiting?.resolve(undefined);
      case 'response': {
        let body: BodyInit | null;
        if (message.body === 'chunks') {
          body = new ReadableStream<Uint8Array>({
            start: (controller) => {
              if (waiting) waiting.stream = controller;
            },
            cancel: () => {
              pending.delete(message.id);
              send({ kind: 'cancel', id: message.id });
            },
          });
        } else {
          pending.delete(message.id);
          body = message.body;
        }
        // Status 0: the handler dropped the connection (a `network` fault), which a page sees as fetch failing.
        if (message.status === 0) return waiting?.resolve(Response.error());
        // Statuses a Response cannot be made with (a 101, say) do not occur here.
        return waiting?.resolve(
          new Response(body, { status: message.status, statusText: message.statusText, headers: message.headers }),
        );
      }
      case 'chunk':
        return waiting?.stream?.enqueue(new Uint8Array(message.chunk));
      case 'end':
        pending.delete(message.id);
        if (waiting?.stream) {
          if (message.error) waiting.stream.error(receiveError(message.error));
          else waiting.stream.close();
        } else if (message.error) waiting?.reject(receiveError(message.error));
        else waiting?.resolve(undefined);
        return;
      case 'result':
        pending.delete(message.id);
        return message.error ? waiting?.reject(receiveError(message.error)) : waiting?.resolve(message.value);
      case 'event':
        return waiting?.onEvent?.(message.event);
    }
  });

  const ask = (make: (id: number) => ToWorker, transfer: Transferable[] = [], extra: Partial<Pending> = {}) => {
    const id = nextId++;
    return {
      id,
      answer: new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject, ...extra });
        send(make(id), transfer);
      }),
    };
  };

  const { wasm, ...rest } = options;
  const wasSaved = marker.wasSaved();
  if (typeof wasm === 'string' || wasm instanceof URL) {
    send({ kind: 'start', options: { ...rest, wasm: String(wasm) }, wasSaved });
  } else if (wasm instanceof ArrayBuffer) {
    send({ kind: 'start', options: { ...rest, wasm }, wasSaved }, [wasm]);
  } else {
    // A download already started: its bytes are moved to the worker as they are.
    void Promise.resolve(wasm)
      .then((response) => response.arrayBuffer())
      .then(
        (bytes) => send({ kind: 'start', options: { ...rest, wasm: bytes }, wasSaved }, [bytes]),
        (error: unknown) => report.reject(error instanceof Error ? error : new Error(String(error))),
      );
  }

  return {
    started,
    unusable,
    async respond(request) {
      // A GET or HEAD has no body, whatever the browser hands over (Firefox, through its service worker, an empty stream).
      const bodiless = request.method === 'GET' || request.method === 'HEAD' || request.body === null;
      const body = bodiless ? null : await request.arrayBuffer();
      const { answer } = ask(
        (id) => ({
          kind: 'request',
          id,
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          body,
        }),
        body ? [body] : [],
      );
      return (await answer) as Response | undefined;
    },
    call: (name, ...args) => ask((id) => ({ kind: 'call', id, name, args })).answer,
    async *events(eventsOptions = {}) {
      const { signal, ...plain } = eventsOptions;
      const queue: MurmurEvent[] = [];
      let wake: (() => void) | null = null;
      const notify = () => {
        wake?.();
        wake = null;
      };
      const { id, answer } = ask((given) => ({ kind: 'events', id: given, options: plain }), [], {
        onEvent: (event) => {
          queue.push(event);
          notify();
        },
      });
      let done = false;
      const finished = answer.finally(() => {
        done = true;
        notify();
      });
      finished.catch(() => undefined);
      const onAbort = () => send({ kind: 'cancel', id });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        for (;;) {
          const event = queue.shift();
          if (event) {
            yield event;
            continue;
          }
          if (done) {
            await finished; // throws what ended it
            return;
          }
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        if (!done) send({ kind: 'cancel', id });
      }
    },
  };
}
