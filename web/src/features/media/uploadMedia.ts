import { createAppAsyncThunk } from '../../app/createAppAsyncThunk';
import { errorMessage } from '../../lib/api';
import { uploadImage } from '../../lib/files';

/**
 * Uploads a checked image with the session's token and resolves to its
 * mediaURL. As a thunk, a token the backend rejects ends the session here
 * too (app/session.ts), as it does for every other request.
 */
export const uploadMedia = createAppAsyncThunk('media/upload', async (file: File, { getState, rejectWithValue }) => {
  try {
    return await uploadImage(file, getState().auth.token);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});
