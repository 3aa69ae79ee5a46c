// An image upload (a post's, an avatar): shared by the post form and the
// profile editor.
import { api, sessionOf } from './apiSlice';
import { apiFailure, endSessionIfRejected } from './baseQuery';
import { uploadImage } from '../lib/files';

export const uploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Uploads a checked image (lib/files) with the session's token; resolves to its mediaURL. */
    uploadMedia: build.mutation<string, File>({
      async queryFn(file, queryApi) {
        const token = sessionOf(queryApi.getState).token;
        try {
          return { data: await uploadImage(file, token) };
        } catch (error) {
          const failure = apiFailure(error);
          endSessionIfRejected(failure, token, queryApi);
          return { error: failure };
        }
      },
    }),
  }),
});

export const { useUploadMediaMutation } = uploadApi;
