/** Panel levels: one per account; it picks the API prefix and the login route. */
export const LEVELS = ['panel', 'school', 'branch'] as const;
export type Level = (typeof LEVELS)[number];
export const DEFAULT_LEVEL: Level = 'panel';

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** The students' own pages: a level of their own with its own sign-in, not an account level. */
export const STUDENT_LEVEL = 'student';
/** Parents (veli): their own sign-in with a parent code, their own child's consent only. */
export const PARENT_LEVEL = 'veli';
/** What an API path may start with: a staff level, the students' or the parents' prefix. */
export type ApiLevel = Level | typeof STUDENT_LEVEL | typeof PARENT_LEVEL;
