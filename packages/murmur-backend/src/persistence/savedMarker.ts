// "A state was saved on this device before": the mark that lets start-up tell
// a first visit (say nothing) from storage the browser cleared (say so once).
//
// It must outlive the IndexedDB it vouches for, so it lives elsewhere, twice:
// - a cookie (`murmur-saved`, a year, SameSite=Strict, never read by the
//   static host): cookies are not quota-managed storage, so Chromium's and
//   Firefox's eviction under storage pressure (which takes IndexedDB, Cache
//   Storage and, in Firefox, localStorage of an origin together) leaves them;
// - localStorage: kept when a cookie cleaner or a "block cookies" setting
//   takes the cookie, and when IndexedDB alone is cleared or deleted (the
//   case the end-to-end test simulates).
// Cache Storage would not do: it is evicted with IndexedDB, as one origin's
// quota-managed data. Nothing survives "Clear site data" or WebKit's removal
// of all script-written data after seven days without a visit (cookies set
// by script are capped at seven days there too): that is what the "Your data"
// page's persistent storage and backups are for.

import { STORAGE_CLEARED } from './constants.js';

export interface SavedMarker {
  /** Whether a state was saved on this device before. */
  wasSaved(): boolean;
  /** Records that a state is saved now. */
  mark(): void;
  /** Forgets it (once the loss has been reported, so that it is said once). */
  clear(): void;
}

const NAME = 'murmur-saved';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The browser's marker, in a cookie and in localStorage (one origin's sites
 * share its IndexedDB, so the cookie's path is `/`); each part fails quietly
 * where the browser blocks it.
 */
export function browserMarker(): SavedMarker {
  const cookie = (value: string, maxAge: number) => {
    document.cookie = `${NAME}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Strict`;
  };
  const quietly = (action: () => void) => {
    try {
      action();
    } catch {
      // Blocked by the browser's settings: the other part still counts.
    }
  };
  let marked = false;
  return {
    wasSaved() {
      let found = false;
      quietly(() => (found ||= document.cookie.split('; ').includes(`${NAME}=1`)));
      quietly(() => (found ||= localStorage.getItem(NAME) === '1'));
      return found;
    },
    mark() {
      if (marked) return; // once per page: a save every write need not touch them
      marked = true;
      quietly(() => cookie('1', ONE_YEAR_S));
      quietly(() => localStorage.setItem(NAME, '1'));
    },
    clear() {
      marked = false;
      quietly(() => cookie('', 0));
      quietly(() => localStorage.removeItem(NAME));
    },
  };
}

/** A marker in memory, for tests. */
export function memoryMarker(saved = false): SavedMarker & { saved: boolean } {
  return {
    saved,
    wasSaved() {
      return this.saved;
    },
    mark() {
      this.saved = true;
    },
    clear() {
      this.saved = false;
    },
  };
}

/**
 * What start-up says about a loss: nothing when a saved state was found (it
 * is marked), nor on a first visit; STORAGE_CLEARED, once, when one was saved
 * here before and none is found now.
 */
export function lossNotices(foundSavedState: boolean, marker: SavedMarker): string[] {
  if (foundSavedState) {
    marker.mark();
    return [];
  }
  if (!marker.wasSaved()) return [];
  marker.clear();
  return [STORAGE_CLEARED];
}
