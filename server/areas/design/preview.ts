/** The real student the live preview draws: the chosen one, or the one with most approved messages. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PreviewStudent } from '../../../common/schemas/design';
import type { Caller } from '../../auth/caller';
import { scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, messages, photos, schools, students } from '../../db/schema';
import type { UrlSigner } from '../../storage/signedUrl';
import { notFound } from '../../core/errors';
import { turkishOrder } from '../../http/list';
import { branchName } from '../../../common/text';

// Enough for the first pages of the book at any "messages per page" (1–12).
const PREVIEW_MESSAGES = 24;
const writer = alias(students, 'writer');

export async function previewStudentFor(
  db: Db,
  caller: Caller,
  signer: UrlSigner,
  schoolId: number | null,
  studentId?: number,
): Promise<PreviewStudent | null> {
  const inScope = and(scopeWhere(caller, students), schoolId === null ? undefined : eq(students.schoolId, schoolId));
  const approvedReceived = db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.toStudentId, students.id), eq(messages.kind, 'student'), eq(messages.status, 'approved')));
  const [student] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      nickname: students.nickname,
      quote: students.quote,
      grade: branches.grade,
      section: branches.section,
      schoolName: schools.name,
    })
    .from(students)
    .innerJoin(branches, eq(branches.id, students.branchId))
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(inScope, studentId ? eq(students.id, studentId) : undefined))
    .orderBy(desc(sql`(${approvedReceived})`), asc(turkishOrder(students.sortKey)), asc(students.id))
    .limit(1);
  if (!student) {
    if (studentId) throw notFound();
    return null;
  }
  // A classmate's message is signed with the classmate's name, also when staff typed it in.
  const approved = await db
    .select({
      id: messages.id,
      body: messages.body,
      authorName: sql<string>`coalesce(${writer.firstName} || ' ' || ${writer.lastName}, ${messages.authorName})`,
    })
    .from(messages)
    .leftJoin(writer, eq(writer.id, messages.fromStudentId))
    .where(and(eq(messages.toStudentId, student.id), eq(messages.kind, 'student'), eq(messages.status, 'approved')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(PREVIEW_MESSAGES);
  const [portrait] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.studentId, student.id), eq(photos.isPortrait, true)))
    .limit(1);
  return {
    id: student.id,
    firstName: student.firstName,
    lastName: student.lastName,
    nickname: student.nickname,
    quote: student.quote,
    branchName: branchName(student),
    schoolName: student.schoolName,
    // The portrait through the photos area's signed URL; without one the preview draws initials.
    photoUrl: portrait ? signer.url(caller.level, portrait.id, 'display') : null,
    messages: approved,
  };
}
