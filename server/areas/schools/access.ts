/** Loads a school or branch by id inside the caller's scope; anything else is 404 (design.md §1). */
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { canSeeBranch, canSeeSchool } from '../../auth/scope';
import type { Db } from '../../db/client';
import { branches, schools } from '../../db/schema';
import { notFound } from '../../http/errors';

export async function schoolInScope(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.id, id), eq(schools.studioId, caller.studioId)))
    .limit(1);
  // A branch manager may read its school's row only through its own branch, not here.
  if (!row || !canSeeSchool(caller, row)) throw notFound();
  return row;
}

export async function branchInScope(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.id, id), eq(branches.studioId, caller.studioId)))
    .limit(1);
  if (!row || !canSeeBranch(caller, row)) throw notFound();
  return row;
}

export const branchName = (b: { grade: number; section: string }) => `${b.grade}/${b.section}`;
