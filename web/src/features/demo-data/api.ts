// The app's side of the demo-data controls. The reset is answered by the
// in-browser backend's msw handlers (see mocks/persistence/handlers.ts), so
// the app never imports the lazy wasm chunk to reach it.

import { ApiError } from '../../lib/api';
import { backendFetch } from '../../lib/backendGate';
import { RESET_PATH } from '../../mocks/persistence/protocol';

/** Puts the seed data back, in this tab and every other open one. */
export async function resetDemoData(): Promise<void> {
  const url = new URL(`${import.meta.env.BASE_URL}${RESET_PATH}`, window.location.href);
  let response: Response;
  try {
    response = await backendFetch(url, { method: 'POST' });
  } catch {
    throw new ApiError(0, 'Could not reach the backend. Reload the page to try again.');
  }
  if (response.ok) return;
  const data = (await response.json().catch(() => null)) as { errors?: unknown } | null;
  const message = Array.isArray(data?.errors) && typeof data.errors[0] === 'string' ? data.errors[0] : null;
  throw new ApiError(response.status, message ?? `Reset failed (${response.status})`);
}
