import { useEffect } from 'react';
import toast from 'react-hot-toast/headless';
import { BACKEND_NOTICE_EVENT, STORAGE_CLEARED } from '@murmur/backend/protocol';

/** Where the loss notice leads: the restore, on the Your data page (a plain link: the toaster sits outside the router). */
export const RESTORE_LINK = `${import.meta.env.BASE_URL}settings/data#restore`;

function showStartupNotice(message: string, index: number) {
  if (message !== STORAGE_CLEARED) {
    toast.error(message, { id: `startup-notice-${index}`, duration: 8000 });
    return;
  }
  // Said once (the backend forgets the mark once it has said it): long enough to read and follow.
  toast.error(
    <span>
      {message} <a href={RESTORE_LINK}>Restore a backup</a>
    </span>,
    { id: 'storage-cleared', duration: 20_000 },
  );
}

/**
 * Shows what the backend had to say at start-up (a saved state set aside,
 * storage unavailable) once it has started and the app, with its toaster,
 * is on screen; and what it says later (storage stopped working), when it
 * says it.
 */
export function StartupNotices({ notices }: { notices: Promise<readonly string[]> }) {
  useEffect(() => {
    let shown = true;
    // Fixed ids: StrictMode runs effects twice, a notice shows once.
    notices.then(
      (messages) => {
        if (shown) messages.forEach(showStartupNotice);
      },
      () => undefined, // the start failed: app/startup shows why
    );
    const onNotice = (event: Event) => {
      const message = (event as CustomEvent<unknown>).detail;
      if (typeof message === 'string') toast.error(message, { id: `backend-notice-${message}`, duration: 8000 });
    };
    window.addEventListener(BACKEND_NOTICE_EVENT, onNotice);
    return () => {
      shown = false;
      window.removeEventListener(BACKEND_NOTICE_EVENT, onNotice);
    };
  }, [notices]);
  return null;
}
