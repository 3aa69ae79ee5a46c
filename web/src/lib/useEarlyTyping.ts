import { useLayoutEffect, type RefObject } from 'react';

/**
 * A prerendered field can be typed into (or filled by a password manager)
 * before the page's script runs: hydration leaves that text in the field,
 * but the state still holds the empty value, and the next render would wipe
 * it. On mount the field `ref` hands what it holds to `onChange` instead
 * (the same text, so React leaves the field, its caret and its focus as they are).
 */
export function useEarlyTyping(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  onChange: (value: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Only at mount: from then on every change goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
