/** Reading a student for sign-in, the student's own or a parent's (by school code and number). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, students } from '../../db/schema';

/** The active student with this school number in the school with this code (codes are stored upper case), with both code hashes. */
export async function studentByCode(db: Db, schoolCode: string, schoolNumber: string) {
  const [row] = await db
    .select({ id: students.id, accessCodeHash: students.accessCodeHash, parentCodeHash: students.parentCodeHash })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(schools.code, schoolCode), eq(students.schoolNumber, schoolNumber), eq(students.status, 'active'), eq(schools.status, 'active')))
    .limit(1);
  return row;
}
