import toast from 'react-hot-toast';

/**
 * Awaits a request and tells the user when it fails (decisions.md: a failed
 * request changes nothing and says so). Resolves to the result, or undefined
 * after a failure.
 */
export async function withErrorToast<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    toast.error(messageOf(error));
    return undefined;
  }
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Try again.';
}
