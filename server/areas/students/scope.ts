/** Loading a branch or student only when it is in the caller's scope; otherwise 404 (design.md §1). */
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { canSeeBranch, canSeeSchool } from '../../auth/scope';
import type { Db } from '../../db/client';
import { branches, schools, students } from '../../db/schema';
import { notFound } from '../../http/errors';

export type BranchRow = typeof branches.$inferSelect;
export type StudentRow = typeof students.$inferSelect;

export const branchName = (b: { grade: number; section: string }) => `${b.grade}/${b.section}`;

export async function branchInScope(db: Db, caller: Caller, id: number): Promise<BranchRow> {
  const [branch] = await db.select().from(branches).where(eq(branches.id, id));
  if (!branch || !canSeeBranch(caller, branch)) throw notFound();
  return branch;
}

export async function schoolInScope(db: Db, caller: Caller, id: number) {
  const [school] = await db.select().from(schools).where(eq(schools.id, id));
  if (!school || !canSeeSchool(caller, school)) throw notFound();
  return school;
}

export async function studentInScope(db: Db, caller: Caller, id: number): Promise<StudentRow> {
  const [student] = await db
    .select()
    .from(students)
    .where(and(eq(students.id, id), eq(students.studioId, caller.studioId)));
  if (!student) throw notFound();
  if (caller.level === 'school' && student.schoolId !== caller.schoolId) throw notFound();
  if (caller.level === 'branch' && student.branchId !== caller.branchId) throw notFound();
  return student;
}
