import { useEffect } from 'react';
import toast from 'react-hot-toast';

/**
 * Shows what the backend had to say at start-up (a saved state set aside,
 * storage unavailable) once the app, and its toaster, are on screen.
 */
export function StartupNotices({ notices }: { notices: readonly string[] }) {
  useEffect(() => {
    // Fixed ids: StrictMode runs effects twice, a notice shows once.
    notices.forEach((message, index) => toast.error(message, { id: `startup-notice-${index}`, duration: 8000 }));
  }, [notices]);
  return null;
}
