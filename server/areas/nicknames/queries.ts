/** Reading nickname suggestions: the list with its filters, and one suggestion as the API answers it. */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Nickname, NicknameFilter } from '../../../common/schemas/messages';
import { branchName } from '../../../common/text';
import { branchInScope, schoolInScope, scopeWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { branches, nicknames, students } from '../../db/schema';
import { notFound } from '../../core/errors';
import { pagedList, searchCondition } from '../../http/list';
import { unprintable } from '../../typesetting/printable';

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
      version: nicknames.version,
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
  unprintable: unprintable(r.text),
  status: r.status,
  note: r.note,
  createdAt: new Date(r.createdAt).toISOString(),
  version: r.version,
});

/** One suggestion as the API answers it, within the caller's scope (404 outside it). */
export async function nicknameById(db: Db, caller: Caller, id: number): Promise<Nickname> {
  const [row] = await select(db).where(and(eq(nicknames.id, id), scopeWhere(caller, nicknames)));
  if (!row) throw notFound();
  return toNickname(row);
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
  const { rows, total } = await pagedList(db, nicknames, where, query, true, (page) =>
    select(db).where(where).orderBy(direction(nicknames.createdAt), direction(nicknames.id)).limit(page.limit).offset(page.offset),
  );
  return { items: rows.map(toNickname), total };
}
