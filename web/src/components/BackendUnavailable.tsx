/** Shown when the in-browser backend cannot start (no service workers, say). */
export function BackendUnavailable({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="fatal" role="alert">
      <h1>Murmur could not start</h1>
      <p>
        Murmur runs its backend inside your browser with a service worker. This browser did not allow it, so
        the app cannot load. Private windows and some privacy settings block service workers; try a normal
        window of a current browser.
      </p>
      <p className="fatal__detail">{detail}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
