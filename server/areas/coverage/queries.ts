/**
 * Photo coverage: how many approved event photos each student is tagged in (confirmed tags only),
 * against the studio's goal. A student's count is one look-up on the tags' branch index (the tag
 * keeps the student's branch), so a branch's coverage reads only that branch's tags.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CoverageSummary } from '../../../common/schemas/eventPages';
import { scopeWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { students, studios } from '../../db/schema';
import { turkishOrder } from '../../http/list';

/**
 * The album photos the outer query's student is tagged in, on photo_tags_branch_idx. Every tag is
 * of an approved photo: faces are looked for and students tagged by hand only on approved photos,
 * and an approval is never taken back. Written with the outer table's name spelled out: Drizzle
 * leaves columns unqualified in a one-table select, and inside this subquery they would name the
 * tag's own columns.
 */
export const taggedPhotos = (): SQL<number> =>
  sql<number>`(select count(*) from photo_tags t where t.branch_id = "students"."branch_id" and t.student_id = "students"."id")::int`;

/** The outer query's student is tagged in fewer approved photos than their studio's goal. */
export const belowGoal = (): SQL => sql`${taggedPhotos()} < (select s.coverage_goal from studios s where s.id = "students"."studio_id")`;

export async function coverageGoalOf(db: Db, studioId: number): Promise<number> {
  const [row] = await db.select({ goal: studios.coverageGoal }).from(studios).where(eq(studios.id, studioId));
  return row?.goal ?? 0;
}

/** Every active student of the branch (`branchId`) or of the school, in Turkish name order, with their count. */
export async function coverageOf(db: Db, place: { branchId: number } | { schoolId: number }) {
  const where = 'branchId' in place ? eq(students.branchId, place.branchId) : eq(students.schoolId, place.schoolId);
  return db
    .select({ studentId: students.id, photos: taggedPhotos() })
    .from(students)
    .where(and(where, eq(students.status, 'active')))
    .orderBy(asc(turkishOrder(students.sortKey)), asc(students.id));
}

/** The caller's scope at a glance: its active students and how many of them are below the goal. */
export async function coverageSummary(db: Db, caller: Caller): Promise<Omit<CoverageSummary, 'success'>> {
  const goal = await coverageGoalOf(db, caller.studioId);
  const [row] = await db
    .select({ students: count(), below: sql<number>`count(*) filter (where ${taggedPhotos()} < ${goal})::int` })
    .from(students)
    .where(and(scopeWhere(caller, students), eq(students.status, 'active')));
  return { goal, students: Number(row?.students ?? 0), below: Number(row?.below ?? 0) };
}
