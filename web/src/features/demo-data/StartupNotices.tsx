import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { BACKEND_NOTICE_EVENT } from '@murmur/backend/protocol';

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
        if (shown) messages.forEach((message, index) => toast.error(message, { id: `startup-notice-${index}`, duration: 8000 }));
      },
      () => undefined, // the start failed: main.tsx shows why
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
