/** Branches of a school: ordered by grade then section in Turkish letter order (10/I before 10/İ). */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../common/schemas/list';
import type { Branch } from '../../../common/schemas/organisation';
import { branchName } from '../../../common/text';
import { branchesWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { countWhere, single } from '../../db/rows';
import { branches, students } from '../../db/schema';
import { containsPattern, orderFor, pagedList } from '../../http/list';

/** Turkish letters folded before lower(), which only knows ASCII under every collation we meet. */
const foldedLabel = sql`lower(translate(${branches.grade}::text || '/' || ${branches.section} || ' ' || ${branches.programme}, 'ÇĞİIÖŞÜçğıöşü', 'cgiiosucgiosu'))`;

// Qualified by hand: on a one-table select Drizzle writes a bare "id", which the subquery would take as its own.
const branchId = sql`"branches"."id"`;
const studentCount = sql<number>`(select count(*) from students s where s.branch_id = ${branchId})`.mapWith(Number);
const managerName = sql<string>`coalesce((select u.name from users u where u.branch_id = ${branchId} and u.level = 'branch' order by u.sort_key collate "C", u.id limit 1), '')`;

const columns = {
  id: branches.id,
  schoolId: branches.schoolId,
  grade: branches.grade,
  section: branches.section,
  programme: branches.programme,
  studentCount,
  managerName,
  version: branches.version,
};

const OTHER_SORTS = { programme: sql`${branches.programme}`, studentCount, managerName: sql`${managerName}` };

function orderOf(query: ListQuery): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  if (!query.sort || query.sort === 'name') {
    return [direction(branches.grade), direction(sql`${branches.sectionKey} COLLATE "C"`), direction(branches.id)];
  }
  return orderFor(OTHER_SORTS, query, 'programme', branches.id);
}

const withName = <T extends { grade: number; section: string }>(row: T) => ({ ...row, name: branchName(row) });

export async function listBranches(db: Db, caller: Caller, schoolId: number, query: ListQuery, paged = true) {
  const pattern = containsPattern(query.q);
  const where = and(branchesWhere(caller), eq(branches.schoolId, schoolId), pattern ? sql`${foldedLabel} LIKE ${pattern}` : undefined);
  const { rows, total } = await pagedList(db, branches, where, query, paged, (page) =>
    db
      .select(columns)
      .from(branches)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(page.limit)
      .offset(page.offset),
  );
  return { items: rows.map(withName) as Branch[], total };
}

export async function branchById(db: Db, id: number): Promise<Branch> {
  return withName(single(await db.select(columns).from(branches).where(eq(branches.id, id)))) as Branch;
}

/** How many students a branch has (a branch with students is never deleted). */
export const studentCountOfBranch = (db: Db, branchId: number) => countWhere(db, students, eq(students.branchId, branchId));

/** Which of these section letters a school's grade already has. */
export async function takenSections(db: Db, schoolId: number, grade: number, sections: string[]): Promise<Array<{ id: number; section: string }>> {
  return db
    .select({ id: branches.id, section: branches.section })
    .from(branches)
    .where(and(eq(branches.schoolId, schoolId), eq(branches.grade, grade), inArray(branches.section, sections)));
}
