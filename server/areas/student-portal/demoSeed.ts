/**
 * Demo access codes: every student of the demo branch (the first school's 12/A) can sign in to
 * the student pages. The first of them by school number has a published code, so the README can
 * name one student to try; the others get random codes (staff print their cards to see them).
 */
import { asc, eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { branches, schools, students } from '../../db/schema';
import { newAccessCode } from './accessCodes';

export const DEMO_SCHOOL_CODE = 'ATA2026';
export const DEMO_ACCESS_CODE = 'ANKARA34';

export async function seedDemoAccessCodes(db: Db): Promise<void> {
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .innerJoin(schools, eq(schools.id, branches.schoolId))
    .where(eq(schools.code, DEMO_SCHOOL_CODE))
    .orderBy(asc(branches.id))
    .limit(1);
  if (!branch) return;
  const rows = await db.select({ id: students.id }).from(students).where(eq(students.branchId, branch.id)).orderBy(asc(students.schoolNumber));
  const now = new Date();
  const hashes = await Promise.all(rows.map((_, i) => hashPassword(i === 0 ? DEMO_ACCESS_CODE : newAccessCode())));
  await db.transaction(async (tx) => {
    for (const [i, r] of rows.entries()) await tx.update(students).set({ accessCodeHash: hashes[i], accessCodeCreatedAt: now }).where(eq(students.id, r.id));
  });
}
