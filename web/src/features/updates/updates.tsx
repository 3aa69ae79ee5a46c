import toast from 'react-hot-toast/headless';
import './updates.css';

/** The toast's id: several events (two workers, StrictMode) still show it once. */
export const NEW_VERSION_TOAST_ID = 'new-version';

/** The page reloads itself into the new version; replaced in tests. */
type Reload = () => void;

/** What the user sees when a new deploy has taken over: the page still runs the old code until it reloads. */
export function NewVersionToast({ reload }: { reload: Reload }) {
  return (
    <span className="update-toast">
      <span>A new version of Murmur is ready.</span>
      <button type="button" className="btn" onClick={reload}>
        Reload
      </button>
    </span>
  );
}

/**
 * Offers a reload when a new deploy's service worker takes over this page.
 *
 * On each visit the browser fetches the worker script again; a new build is a
 * new script (its precache list names every file's revision), so it installs,
 * precaches the new files and takes over the open pages at once (msw's worker
 * skips waiting and claims its clients). Those pages still run the old code:
 * they are told so, and reload when the user chooses. The first visit's
 * worker taking over a page that had none is not a new version.
 */
export function offerReloadOnNewVersion(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  reload: Reload = () => window.location.reload(),
): void {
  // Which build this page runs: shown nowhere, read by the e2e tests.
  document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID ?? 'dev';
  if (!container?.controller) return;
  container.addEventListener(
    'controllerchange',
    () => toast(<NewVersionToast reload={reload} />, { id: NEW_VERSION_TOAST_ID, duration: Infinity }),
    { once: true },
  );
}
