/** Whether `value` is an object (not null) whose fields may be read: the first check of any stored or parsed value. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
