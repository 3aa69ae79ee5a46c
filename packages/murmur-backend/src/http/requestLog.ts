// The requests the HTTP server answered: the last REQUESTS_KEPT for
// `GET __murmur/requests`, and one line each on the log (`--log text|json`).

/** One answered request, as `GET __murmur/requests` lists it (newest last). */
export interface RequestRecord {
  at: string;
  method: string;
  path: string;
  status: number | 'failed';
  ms: number;
  sandbox: string | null;
}

export const REQUESTS_KEPT = 200;

export type LogFormat = 'text' | 'json' | 'off';

export class RequestLog {
  readonly #kept: RequestRecord[] = [];

  constructor(
    private readonly format: LogFormat,
    private readonly write: (line: string) => void,
  ) {}

  /** The last requests answered, oldest first. */
  get entries(): readonly RequestRecord[] {
    return this.#kept;
  }

  record(entry: RequestRecord): void {
    this.#kept.push(entry);
    if (this.#kept.length > REQUESTS_KEPT) this.#kept.splice(0, this.#kept.length - REQUESTS_KEPT);
    if (this.format === 'json') this.write(JSON.stringify(entry));
    else if (this.format === 'text') {
      const sandbox = entry.sandbox ? ` [${entry.sandbox}]` : '';
      this.write(`${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms${sandbox}`);
    }
  }
}
