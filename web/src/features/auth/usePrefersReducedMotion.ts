import { useMediaQuery } from '../../lib/useMediaQuery';

/** Whether the user asked the system for less motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', false);
}
