// Image uploads (posts, post edits, avatars): the checks of spec §5 and the
// one function that turns a picked file into a mediaURL.

export const MAX_UPLOAD_BYTES = 10_485_760;
export const NOT_AN_IMAGE = 'file must be an image (JPEG/PNG)';
export const TOO_LARGE = 'file must be less than 10mb';

/** The message to show for a picked file, or null when it may be attached. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size >= MAX_UPLOAD_BYTES) return TOO_LARGE;
  return null;
}

/**
 * Stores a checked image and returns the mediaURL to save with the post or
 * profile. For now the image travels as a data URL inside the core's state.
 */
export async function uploadImage(file: File): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new Error(problem);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
