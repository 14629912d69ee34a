/**
 * Loading the school, branch or student a message call names, inside the caller's scope.
 * Anything outside it is "not found" (design.md §1), never a hint that it exists.
 */
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { canSeeBranch, canSeeSchool, scopeWhere } from '../../auth/scope';
import type { Db } from '../../db/client';
import { branches, schools, students } from '../../db/schema';
import { notFound } from '../../http/errors';

export async function schoolInScope(db: Db, caller: Caller, schoolId: number) {
  const [school] = await db.select({ id: schools.id, studioId: schools.studioId, name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  if (!school || !canSeeSchool(caller, school)) throw notFound();
  return school;
}

export async function branchInScope(db: Db, caller: Caller, branchId: number) {
  const [branch] = await db
    .select({ id: branches.id, studioId: branches.studioId, schoolId: branches.schoolId, grade: branches.grade, section: branches.section })
    .from(branches)
    .where(eq(branches.id, branchId));
  if (!branch || !canSeeBranch(caller, branch)) throw notFound();
  return branch;
}

export async function studentInScope(db: Db, caller: Caller, studentId: number) {
  const [student] = await db
    .select({ id: students.id, schoolId: students.schoolId, branchId: students.branchId, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.id, studentId), scopeWhere(caller, students)));
  if (!student) throw notFound();
  return student;
}

export const branchLabel = (grade: number, section: string) => `${grade}/${section}`;
