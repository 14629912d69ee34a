/** Reading nickname suggestions, and keeping a student's nickname in step with its approved ones. */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Nickname, NicknameFilter } from '../../../common/schemas/messages';
import type { Caller } from '../../auth/caller';
import { scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, nicknames, students } from '../../db/schema';
import { pageOf, searchCondition } from '../../http/list';
import { branchInScope, schoolInScope } from '../../auth/access';
import { branchName } from '../../../common/text';

const fromStudent = alias(students, 'from_student');
const toStudent = alias(students, 'to_student');

function select(db: Db) {
  return db
    .select({
      id: nicknames.id,
      schoolId: nicknames.schoolId,
      branchId: nicknames.branchId,
      grade: branches.grade,
      section: branches.section,
      fromStudentId: nicknames.fromStudentId,
      fromFirst: fromStudent.firstName,
      fromLast: fromStudent.lastName,
      toStudentId: nicknames.toStudentId,
      toFirst: toStudent.firstName,
      toLast: toStudent.lastName,
      text: nicknames.text,
      status: nicknames.status,
      note: nicknames.note,
      createdAt: nicknames.createdAt,
    })
    .from(nicknames)
    .innerJoin(branches, eq(branches.id, nicknames.branchId))
    .innerJoin(fromStudent, eq(fromStudent.id, nicknames.fromStudentId))
    .innerJoin(toStudent, eq(toStudent.id, nicknames.toStudentId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toNickname = (r: Row): Nickname => ({
  id: r.id,
  schoolId: r.schoolId,
  branchId: r.branchId,
  branchName: branchName(r),
  fromStudentId: r.fromStudentId,
  fromName: `${r.fromFirst} ${r.fromLast}`,
  toStudentId: r.toStudentId,
  toName: `${r.toFirst} ${r.toLast}`,
  text: r.text,
  status: r.status,
  note: r.note,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function nicknameById(db: Db, caller: Caller, id: number): Promise<Nickname | undefined> {
  const [row] = await select(db).where(and(eq(nicknames.id, id), scopeWhere(caller, nicknames)));
  return row ? toNickname(row) : undefined;
}

/** The filter's condition; a named school or branch outside the scope is 404. */
export async function nicknameWhere(db: Db, caller: Caller, filter: NicknameFilter): Promise<SQL> {
  if (filter.schoolId) await schoolInScope(db, caller, filter.schoolId);
  if (filter.branchId) await branchInScope(db, caller, filter.branchId);
  return and(
    scopeWhere(caller, nicknames),
    filter.schoolId ? eq(nicknames.schoolId, filter.schoolId) : undefined,
    filter.branchId ? eq(nicknames.branchId, filter.branchId) : undefined,
    filter.status ? eq(nicknames.status, filter.status) : undefined,
    filter.fromStudentId ? eq(nicknames.fromStudentId, filter.fromStudentId) : undefined,
    filter.toStudentId ? eq(nicknames.toStudentId, filter.toStudentId) : undefined,
    searchCondition(nicknames.searchKey, filter.q),
  )!;
}

export async function listNicknames(db: Db, caller: Caller, query: NicknameFilter & { page: number; perPage: number; order: 'asc' | 'desc' }) {
  const where = await nicknameWhere(db, caller, query);
  const direction = query.order === 'asc' ? asc : desc;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    select(db).where(where).orderBy(direction(nicknames.createdAt), direction(nicknames.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(nicknames).where(where),
  ]);
  return { items: rows.map(toNickname), total: Number(total.n) };
}

/**
 * A student's nickname is its most recently approved suggestion ('' when none is approved), so
 * approving one sets it, while undo, reject or delete of it gives back the one before.
 */
export async function syncNicknames(db: Db, studentIds: number[]): Promise<void> {
  if (studentIds.length === 0) return;
  await db
    .update(students)
    .set({
      nickname: sql`coalesce((select n.text from nicknames n where n.to_student_id = ${students.id} and n.status = 'approved' order by n.moderated_at desc nulls last, n.id desc limit 1), '')`,
    })
    .where(inArray(students.id, [...new Set(studentIds)]));
}
