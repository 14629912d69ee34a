/**
 * message-from / message-to: per-student counts of messages written / received, by status.
 * The counts of a page's students come from the (student, status) indexes, so a page costs
 * the same for a branch or a whole studio; "none" is a NOT EXISTS on the same index.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { StudentCount } from '../../../common/schemas/messages';
import type { Caller } from '../../auth/caller';
import { branchesWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, schools, students } from '../../db/schema';
import { orderFor, pagedList, searchCondition, turkishOrder } from '../../http/list';
import { branchInScope, schoolInScope } from '../../auth/access';
import { branchName } from '../../../common/text';

export interface CountQuery {
  page: number;
  perPage: number;
  q: string;
  sort?: string;
  order: 'asc' | 'desc';
  schoolId?: number;
  branchId?: number;
  has?: 'none' | 'some' | '';
}

export async function studentCounts(db: Db, caller: Caller, direction: 'from' | 'to', query: CountQuery) {
  if (query.schoolId) await schoolInScope(db, caller, query.schoolId);
  if (query.branchId) await branchInScope(db, caller, query.branchId);
  const column = sql.raw(direction === 'from' ? 'm.from_student_id' : 'm.to_student_id');
  const countOf = (status: string) =>
    sql<number>`(select count(*)::int from messages m where ${column} = ${students.id} and m.kind = 'student' and m.status = ${status})`;
  const any = sql`exists (select 1 from messages m where ${column} = ${students.id} and m.kind = 'student')`;
  const where: SQL = and(
    scopeWhere(caller, students),
    query.schoolId ? eq(students.schoolId, query.schoolId) : undefined,
    query.branchId ? eq(students.branchId, query.branchId) : undefined,
    searchCondition(students.searchKey, query.q),
    query.has === 'none' ? sql`not ${any}` : query.has === 'some' ? any : undefined,
  )!;
  const order = orderFor(
    { name: turkishOrder(students.sortKey), schoolNumber: students.schoolNumber, branch: sql`${branches.grade}, ${turkishOrder(branches.sectionKey)}` },
    query,
    'name',
    students.id,
  );
  const { rows, total } = await pagedList(db, students, where, query, true, (page) =>
    db
      .select({
        studentId: students.id,
        schoolNumber: students.schoolNumber,
        firstName: students.firstName,
        lastName: students.lastName,
        schoolId: students.schoolId,
        branchId: students.branchId,
        grade: branches.grade,
        section: branches.section,
        pending: countOf('pending'),
        approved: countOf('approved'),
        rejected: countOf('rejected'),
        lastSignInAt: students.lastSignInAt,
        written: sql<number>`(select count(*)::int from messages m where m.from_student_id = ${students.id} and m.kind = 'student')`,
        received: sql<number>`(select count(*)::int from messages m where m.to_student_id = ${students.id} and m.kind = 'student')`,
      })
      .from(students)
      .innerJoin(branches, eq(branches.id, students.branchId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
  );
  const items: StudentCount[] = rows.map((r) => {
    const pending = Number(r.pending);
    const approved = Number(r.approved);
    const rejected = Number(r.rejected);
    return {
      studentId: r.studentId,
      schoolNumber: r.schoolNumber,
      name: `${r.firstName} ${r.lastName}`,
      schoolId: r.schoolId,
      branchId: r.branchId,
      branchName: branchName(r),
      pending,
      approved,
      rejected,
      total: pending + approved + rejected,
      signedIn: r.lastSignInAt !== null,
      written: Number(r.written),
      received: Number(r.received),
    };
  });
  return { items, total };
}

/** Most students one answer of the student options holds. */
export const STUDENT_OPTIONS_MAX = 200;

/** Students a select offers (a message's writer or receiver, a face's student): of one branch (or school), in scope, searched, the first `limit` by name. */
export async function studentOptions(db: Db, caller: Caller, query: { branchId?: number; schoolId?: number; q: string; limit?: number }) {
  if (query.schoolId) await schoolInScope(db, caller, query.schoolId);
  if (query.branchId) await branchInScope(db, caller, query.branchId);
  const rows = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, schoolNumber: students.schoolNumber, branchId: students.branchId })
    .from(students)
    .where(
      and(
        scopeWhere(caller, students),
        query.schoolId ? eq(students.schoolId, query.schoolId) : undefined,
        query.branchId ? eq(students.branchId, query.branchId) : undefined,
        searchCondition(students.searchKey, query.q),
      ),
    )
    .orderBy(turkishOrder(students.sortKey), students.id)
    .limit(query.limit ?? STUDENT_OPTIONS_MAX);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, schoolNumber: r.schoolNumber, branchId: r.branchId }));
}

/** Schools and their branches in the caller's scope, for the screens' school/branch filters. */
export async function scopeChoices(db: Db, caller: Caller) {
  const rows = await db
    .select({ schoolId: schools.id, schoolName: schools.name, branchId: branches.id, grade: branches.grade, section: branches.section })
    .from(branches)
    .innerJoin(schools, eq(schools.id, branches.schoolId))
    .where(branchesWhere(caller))
    .orderBy(turkishOrder(schools.sortKey), schools.id, branches.grade, turkishOrder(branches.sectionKey));
  const out: Array<{ id: number; name: string; branches: Array<{ id: number; name: string }> }> = [];
  for (const r of rows) {
    let school = out.find((s) => s.id === r.schoolId);
    if (!school) out.push((school = { id: r.schoolId, name: r.schoolName, branches: [] }));
    school.branches.push({ id: r.branchId, name: branchName(r) });
  }
  return out;
}
