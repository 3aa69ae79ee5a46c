// What the package checks of JSON it did not write itself (a saved state, a
// backup file, a seed file) before it reads a field.

/** A JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
