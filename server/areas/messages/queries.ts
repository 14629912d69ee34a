/** Reading messages: the staff lists, the student-message lists and their filters, and the two students of a new message. */
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message, MessageFilter, MessageListType } from '../../../common/schemas/messages';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import { branchInScope, schoolInScope, scopeWhere, studentInScope } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { branches, messages, students } from '../../db/schema';
import { fieldError, notFound } from '../../core/errors';
import { containsPattern, pagedList } from '../../http/list';
import { unprintable } from '../../typesetting/printable';

/**
 * Search inside one school, branch or student's messages. Every list here is already narrowed by
 * an index to that scope (a few thousand rows at most), so the folded LIKE is checked on those
 * rows; written as `(search_key || '')` so the planner cannot AND in the trigram index, which
 * for a common word reads hundreds of thousands of entries of the whole table (EXPLAIN in
 * bench/messages.ts: 200 ms instead of 5 ms at 6 000 000 messages).
 */
function searchWithin(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  return pattern ? sql`(${messages.searchKey} || '') LIKE ${pattern}` : undefined;
}

const fromStudent = alias(students, 'from_student');
const toStudent = alias(students, 'to_student');

const fullName = (t: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string | null>`${t.firstName} || ' ' || ${t.lastName}`;

const columns = {
  id: messages.id,
  kind: messages.kind,
  schoolId: messages.schoolId,
  branchId: messages.branchId,
  grade: branches.grade,
  section: branches.section,
  fromStudentId: messages.fromStudentId,
  fromName: fullName(fromStudent),
  toStudentId: messages.toStudentId,
  toName: fullName(toStudent),
  authorName: messages.authorName,
  body: messages.body,
  originalBody: messages.originalBody,
  status: messages.status,
  note: messages.note,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
  version: messages.version,
};

type Row = Awaited<ReturnType<typeof selectMessages>>[number];

function toMessage(r: Row): Message {
  return {
    id: r.id,
    kind: r.kind,
    schoolId: r.schoolId,
    branchId: r.branchId,
    branchName: r.grade == null || r.section == null ? '' : branchName({ grade: r.grade, section: r.section }),
    fromStudentId: r.fromStudentId,
    fromName: r.fromName ?? '',
    toStudentId: r.toStudentId,
    toName: r.toName ?? '',
    authorName: r.authorName,
    body: r.body,
    originalBody: r.originalBody,
    unprintable: unprintable(r.body),
    status: r.status,
    note: r.note,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    version: r.version,
  };
}

function selectMessages(db: Db) {
  return db
    .select(columns)
    .from(messages)
    .leftJoin(branches, eq(branches.id, messages.branchId))
    .leftJoin(fromStudent, eq(fromStudent.id, messages.fromStudentId))
    .leftJoin(toStudent, eq(toStudent.id, messages.toStudentId));
}

/** One message as the API answers it, within the caller's scope (404 outside it). */
export async function messageById(db: Db, caller: Caller, id: number): Promise<Message> {
  const [row] = await selectMessages(db).where(and(eq(messages.id, id), scopeWhere(caller, messages)));
  if (!row) throw notFound();
  return toMessage(row);
}

interface Paging {
  page: number;
  perPage: number;
  order: 'asc' | 'desc';
}

/** A page of messages, newest (or oldest) first, with the total. */
async function messagePage(db: Db, where: SQL, query: Paging) {
  const direction = query.order === 'asc' ? asc : desc;
  const { rows, total } = await pagedList(db, messages, where, query, true, (page) =>
    selectMessages(db).where(where).orderBy(direction(messages.createdAt), direction(messages.id)).limit(page.limit).offset(page.offset),
  );
  return { items: rows.map(toMessage), total };
}

/** School or branch messages written by staff. */
function staffMessageWhere(caller: Caller, kind: 'school' | 'branch', ownerId: number, q: string): SQL {
  return and(
    scopeWhere(caller, messages),
    eq(messages.kind, kind),
    kind === 'school' ? eq(messages.schoolId, ownerId) : eq(messages.branchId, ownerId),
    searchWithin(q),
  )!;
}

export async function listStaffMessages(db: Db, caller: Caller, kind: 'school' | 'branch', ownerId: number, query: Paging & { q: string }) {
  return messagePage(db, staffMessageWhere(caller, kind, ownerId, query.q), query);
}

/**
 * The condition for student messages of a school, a branch, or written by / to one student,
 * after checking that school, branch or student lies in the caller's scope (404 otherwise).
 */
export async function studentMessageWhere(db: Db, caller: Caller, type: MessageListType, id: number, filter: MessageFilter): Promise<SQL> {
  let target: SQL;
  if (type === 'school') {
    await schoolInScope(db, caller, id);
    target = eq(messages.schoolId, id);
  } else if (type === 'branch') {
    await branchInScope(db, caller, id);
    target = eq(messages.branchId, id);
  } else {
    await studentInScope(db, caller, id);
    target = type === 'from' ? eq(messages.fromStudentId, id) : eq(messages.toStudentId, id);
  }
  return and(
    scopeWhere(caller, messages),
    target,
    eq(messages.kind, 'student'),
    filter.status ? eq(messages.status, filter.status) : undefined,
    filter.fromStudentId ? eq(messages.fromStudentId, filter.fromStudentId) : undefined,
    filter.toStudentId ? eq(messages.toStudentId, filter.toStudentId) : undefined,
    searchWithin(filter.q),
  )!;
}

export async function listStudentMessages(db: Db, caller: Caller, type: MessageListType, id: number, query: Paging & MessageFilter) {
  return messagePage(db, await studentMessageWhere(db, caller, type, id, query), query);
}

/**
 * The writer and the receiver of a student's message (or nickname suggestion): both must be in
 * the caller's scope (404 otherwise), different, and in one branch — or one school when
 * MESSAGES_ACROSS_BRANCHES allows it.
 */
export async function studentPair(db: Db, caller: Caller, fromId: number, toId: number, acrossBranches: boolean, sameMessage: string) {
  if (fromId === toId) throw fieldError('toStudentId', sameMessage);
  const from = await studentInScope(db, caller, fromId);
  const to = await studentInScope(db, caller, toId);
  if (from.schoolId !== to.schoolId) throw fieldError('toStudentId', acrossBranches ? tr.messages.notSameSchool : tr.messages.notSameBranch);
  if (!acrossBranches && from.branchId !== to.branchId) throw fieldError('toStudentId', tr.messages.notSameBranch);
  return { from, to };
}
