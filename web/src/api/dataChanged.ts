// The backend's data changed under the app: another tab's write, a reset, a
// restore (features/demo-data/useDataSync.ts says so). What the app keeps
// of it elsewhere (features/last-visit) forgets it.
import { createAction } from '@reduxjs/toolkit';

export const backendDataChanged = createAction('backend/dataChanged');
