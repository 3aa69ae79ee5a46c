/** Shown when the in-browser backend cannot start (its code did not load, or WebAssembly is turned off). */
export function BackendUnavailable({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="fatal" role="alert">
      <h1>Murmur could not start</h1>
      <p>
        Murmur runs its backend inside your browser, in WebAssembly, and it could not start here. The connection may
        have dropped before the app was stored for offline use, or this browser turns WebAssembly off (some strict
        security settings do); try again, or a current browser with its default settings.
      </p>
      <p className="fatal__detail">{detail}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
