// `seed: { generate }`: what it takes, checked before the generator (a
// module of its own, ./generateSeed.ts) is loaded, so a bad option fails at once
// with a message saying what to change.

/** How much data to generate, and from which seed number (the same numbers give the same data). */
export interface GenerateOptions {
  /** How many accounts, the demo's guest (`guest` / `guest123`) among them: 1 to 10,000. */
  users: number;
  /** How many posts: 0 to 100,000. */
  posts: number;
  /** Any whole number from 0 to 2^32 - 1: the same seed gives the same data. Default 1. */
  seed?: number;
}

export const GENERATE_LIMITS = {
  users: [1, 10_000],
  posts: [0, 100_000],
  seed: [0, 2 ** 32 - 1],
} as const;

/** The options with defaults filled in; a `RangeError` naming the option and its range otherwise. */
export function checkGenerateOptions(options: unknown): Required<GenerateOptions> {
  if (typeof options !== 'object' || options === null) {
    throw new RangeError('seed.generate must be an object such as { users: 50, posts: 500, seed: 1 }');
  }
  const given: Record<string, unknown> = { seed: 1, ...(options as Record<string, unknown>) };
  const unknown = Object.keys(given).filter((key) => !(key in GENERATE_LIMITS));
  if (unknown.length > 0) {
    throw new RangeError(
      `seed.generate takes users, posts and seed; remove ${unknown.map((k) => JSON.stringify(k)).join(', ')}`,
    );
  }
  for (const [name, [min, max]] of Object.entries(GENERATE_LIMITS)) {
    const value = given[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(
        `seed.generate.${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value) ?? String(value)}`,
      );
    }
  }
  return given as unknown as Required<GenerateOptions>;
}
