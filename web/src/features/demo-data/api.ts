// The app's side of the demo-data controls. The reset is answered by the
// in-browser backend's msw handlers (see packages/murmur-backend/src/core/mediaRoutes.ts), so
// the app never imports the lazy wasm chunk to reach it.

import { backendRequest } from '../../lib/api';
import { RESET_PATH } from '@murmur/backend/protocol';

/** Puts the seed data back, in this tab and every other open one. */
export async function resetDemoData(): Promise<void> {
  const url = new URL(`${import.meta.env.BASE_URL}${RESET_PATH}`, window.location.href);
  await backendRequest(url, { method: 'POST' });
}
