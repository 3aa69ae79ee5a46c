import { useEffect } from 'react';
import toast from 'react-hot-toast/headless';
import { errorMessage } from './api';

/**
 * Awaits a request and tells the user when it fails (docs/product.md, "Errors": a failed
 * request changes nothing and says so). Resolves to the result, or undefined
 * after a failure.
 */
export async function withErrorToast<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    toast.error(errorMessage(error));
    return undefined;
  }
}

/** Tells the user, once per failure, that a read failed (a query's `error`). */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) toast.error(errorMessage(error));
  }, [error]);
}
