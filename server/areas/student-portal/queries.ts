/** What a signed-in student reads: its deadline, classmates and its writing to them, its page, its notifications. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { displayDate, todayInTurkey } from '../../../common/dates';
import type { Classmate, MyMessage, MyNickname, WriteStatus } from '../../../common/schemas/student';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import {
  approvedToMeWhere,
  classmatesWhere,
  notificationsToMeWhere,
  ownMessagesWhere,
  ownNicknamesWhere,
  ownPhotosWhere,
  type MessageRow,
  type NicknameRow,
} from '../../auth/access';
import type { PortalCaller, StudentCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { single } from '../../db/rows';
import { branches, messages, nicknames, notifications, photos, schools, students, yearbookApprovals } from '../../db/schema';
import { HttpError } from '../../core/errors';
import { turkishOrder } from '../../http/list';
import type { UrlSigner } from '../../storage/signedUrl';
import { studentsInPlace } from '../students/queries';
import { statesOf } from '../consents/staffQueries';

/**
 * Whether the student can still write, and why not: the school's deadline (its own day
 * included) and the branch's lock (its yearbook proof approved).
 */
export async function deadlineOf(db: Db, me: StudentCaller): Promise<{ deadline: string | null; locked: boolean; open: boolean }> {
  const [{ deadline }, approvals] = await Promise.all([
    db.select({ deadline: schools.messageDeadline }).from(schools).where(eq(schools.id, me.schoolId)).then(single),
    db.select({ branchId: yearbookApprovals.branchId }).from(yearbookApprovals).where(eq(yearbookApprovals.branchId, me.branchId)),
  ]);
  const locked = approvals.length > 0;
  return { deadline, locked, open: !locked && (deadline === null || todayInTurkey() <= deadline) };
}

/** Refuses a write once writing is closed, saying why in the student's words. */
export async function assertOpen(db: Db, me: StudentCaller): Promise<void> {
  const { deadline, locked, open } = await deadlineOf(db, me);
  if (locked) throw new HttpError(423, tr.student.portal.lockedRefusal);
  if (!open) throw new HttpError(403, tr.student.deadlinePassed(displayDate(deadline)));
}

export const myMessageOf = (m: MessageRow): MyMessage => ({
  id: m.id,
  toStudentId: m.toStudentId ?? 0,
  body: m.body,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
});

export const myNicknameOf = (n: NicknameRow): MyNickname => ({ id: n.id, toStudentId: n.toStudentId, text: n.text, status: n.status });

/** One status for a classmate: approved if any is, else pending, else rejected, else none. */
function statusOf(list: MyMessage[]): WriteStatus {
  for (const status of ['approved', 'pending', 'rejected'] as const) if (list.some((m) => m.status === status)) return status;
  return 'none';
}

export async function classmatesOf(db: Db, me: StudentCaller, acrossBranches: boolean, signer: UrlSigner): Promise<Classmate[]> {
  const rows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      grade: branches.grade,
      section: branches.section,
      // A classmate's face is shown online only with the parent's consent to photos in the digital yearbook.
      portraitId: sql<
        number | null
      >`case when exists (select 1 from student_consents c where c.student_id = ${students.id} and c.purpose = 'digital-photo' and c.answer = 'yes') then (select p.id from photos p where p.student_id = ${students.id} and p.is_portrait order by p.id limit 1) end`,
    })
    .from(students)
    .innerJoin(branches, eq(branches.id, students.branchId))
    .where(classmatesWhere(me, acrossBranches))
    .orderBy(branches.grade, turkishOrder(branches.sectionKey), turkishOrder(students.sortKey), asc(students.id));
  const mine = (await db.select().from(messages).where(ownMessagesWhere(me)).orderBy(asc(messages.id))).map(myMessageOf);
  const nicks = await db.select().from(nicknames).where(ownNicknamesWhere(me)).orderBy(asc(nicknames.id));
  return rows.map((r) => {
    const list = mine.filter((m) => m.toStudentId === r.id);
    const nick = nicks.find((n) => n.toStudentId === r.id);
    return {
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      branchName: branchName(r),
      thumbUrl: r.portraitId ? signer.url('student', Number(r.portraitId), 'thumb') : null,
      messageStatus: statusOf(list),
      messages: list,
      nickname: nick ? myNicknameOf(nick) : null,
    };
  });
}

/** How many classmates the student has written to (any message not rejected), of how many. */
export async function progressOf(db: Db, me: StudentCaller, acrossBranches: boolean) {
  const [row] = await db
    .select({
      classmates: sql<number>`count(*)::int`,
      written: sql<number>`count(*) filter (where exists (select 1 from messages m where m.from_student_id = ${me.studentId} and m.to_student_id = students.id and m.kind = 'student' and m.status <> 'rejected'))::int`,
    })
    .from(students)
    .where(classmatesWhere(me, acrossBranches));
  return { classmates: Number(row?.classmates ?? 0), written: Number(row?.written ?? 0) };
}

/**
 * The student's own page: quote, nickname, its parent's answers, its photos (only with consent to
 * photos in the printed book, which its portrait pick is for), approved messages to it.
 */
export async function profileOf(db: Db, me: StudentCaller, signer: UrlSigner) {
  const self = single(await db.select().from(students).where(eq(students.id, me.studentId)));
  const consents = single([...(await statesOf(db, [self.id])).values()]);
  const own =
    consents['print-photo'] === 'yes' ? await db.select().from(photos).where(ownPhotosWhere(me)).orderBy(desc(photos.isPortrait), asc(photos.id)) : [];
  const received = await db
    .select({ id: messages.id, body: messages.body, createdAt: messages.createdAt, firstName: students.firstName, lastName: students.lastName })
    .from(messages)
    .leftJoin(students, eq(students.id, messages.fromStudentId))
    .where(approvedToMeWhere(me))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return {
    quote: self.quote,
    quoteDraft: self.quoteDraft,
    nickname: self.nickname,
    consents,
    portraitPickPhotoId: own.some((p) => p.id === self.portraitPickPhotoId) ? self.portraitPickPhotoId : null,
    photos: own.map((p) => ({
      id: p.id,
      originalName: p.originalName,
      thumbUrl: signer.url('student', p.id, 'thumb'),
      photoUrl: signer.url('student', p.id, 'display'),
      downloadUrl: signer.url('student', p.id, 'download'),
    })),
    received: received.map((m) => ({
      id: m.id,
      body: m.body,
      fromName: `${m.firstName ?? ''} ${m.lastName ?? ''}`.trim(),
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export async function notificationsOf(db: Db, me: StudentCaller) {
  const rows = await db
    .select({ id: notifications.id, title: notifications.title, body: notifications.body, sentAt: notifications.sentAt })
    .from(notifications)
    .where(notificationsToMeWhere(me))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(100);
  return rows.map((r) => ({ ...r, sentAt: r.sentAt ? r.sentAt.toISOString() : null }));
}

/** The student's school and branch (GET student/user, a parent's page). */
export async function placeOf(db: Db, me: PortalCaller) {
  const [row] = await studentsInPlace(db, {
    schoolId: schools.id,
    code: schools.code,
    messageDeadline: schools.messageDeadline,
    schoolNumber: students.schoolNumber,
  }).where(and(eq(students.id, me.studentId), inArray(students.status, ['active'])));
  return single(row ? [row] : []);
}
