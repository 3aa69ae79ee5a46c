/** Where the browser entry gets its wasm core: `wasmUrl`, `wasmResponse`, or the file beside the package. */
export interface CoreSourceOptions {
  wasmUrl?: string | URL;
  wasmResponse?: Response | PromiseLike<Response>;
}

/**
 * What wasm-bindgen's `init` is given: the response already on its way
 * (`wasmResponse`), else the URL to fetch (`wasmUrl`, else `fallback`).
 * Both at once is a mistake the caller hears about before anything loads.
 */
export function coreSource(
  options: CoreSourceOptions,
  fallback: () => URL,
): string | URL | Response | PromiseLike<Response> {
  if (options.wasmUrl !== undefined && options.wasmResponse !== undefined) {
    throw new TypeError(
      'Pass either wasmUrl (where to fetch the core) or wasmResponse (a fetch of it already started), not both.',
    );
  }
  return options.wasmResponse ?? options.wasmUrl ?? fallback();
}
