/** Panel levels: one per account; it picks the API prefix and the login route. */
export const LEVELS = ['panel', 'school', 'branch'] as const;
export type Level = (typeof LEVELS)[number];
export const DEFAULT_LEVEL: Level = 'panel';

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}
