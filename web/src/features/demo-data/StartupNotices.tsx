import { useEffect } from 'react';
import toast from 'react-hot-toast';

/**
 * Shows what the backend had to say at start-up (a saved state set aside,
 * storage unavailable) once it has started and the app, with its toaster,
 * is on screen.
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
    return () => {
      shown = false;
    };
  }, [notices]);
  return null;
}
