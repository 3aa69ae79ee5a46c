// What the browser says about Murmur's storage on this device (the
// StorageManager API: `navigator.storage`), and the one question the app asks
// it: to keep the data (`persist()`), only ever on the person's click.

export type StorageStatus =
  | { supported: false }
  | {
      supported: true;
      /** Whether the browser keeps the data until the person deletes it; null when it does not say. */
      persisted: boolean | null;
      /** Bytes used and available to the site; null when the browser does not say. */
      usage: number | null;
      quota: number | null;
    };

/** The parts of `navigator.storage` used here (any of them may be missing). */
export type StorageManagerLike = Partial<Pick<StorageManager, 'persisted' | 'persist' | 'estimate'>>;

function storageManager(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManagerLike | undefined);
}

export async function readStorageStatus(storage = storageManager()): Promise<StorageStatus> {
  if (!storage || (!storage.persisted && !storage.estimate)) return { supported: false };
  const [persisted, estimate] = await Promise.all([
    storage.persisted ? storage.persisted().catch(() => null) : null,
    storage.estimate ? storage.estimate().catch(() => null) : null,
  ]);
  return { supported: true, persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

/** `granted`, `denied`, or `unsupported` when the browser cannot be asked. */
export type PersistAnswer = 'granted' | 'denied' | 'unsupported';

export async function askToKeepData(storage = storageManager()): Promise<PersistAnswer> {
  if (!storage?.persist) return 'unsupported';
  try {
    return (await storage.persist()) ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** `1.2 MB`, `340 kB`, `12 GB`: decimal units, in the reader's locale. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
