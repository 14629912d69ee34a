/**
 * A student's own writes: memory messages and nickname suggestions to classmates (pending until
 * a moderator decides), its quote draft and its portrait pick. Each runs in a transaction with
 * its audit entry naming the student as the actor; the caller checked scope and the deadline.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { MessageRow, NicknameRow, PhotoRow, StudentRow } from '../../auth/access';
import type { StudentCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { insertOne, single } from '../../db/rows';
import { messages, nicknames, students } from '../../db/schema';
import { HttpError } from '../../core/errors';
import { changedFields, recordStudentAudit } from '../../core/audit';

/** The student's row, locked: two writes of one student run one after the other, so limits hold. */
const lockMe = (tx: Db, me: StudentCaller) => tx.execute(sql`select id from students where id = ${me.studentId} for update`);

export async function writeMessage(db: Db, me: StudentCaller, to: StudentRow, body: string, perClassmate: number): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    await lockMe(tx, me);
    const [written] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.kind, 'student'), eq(messages.fromStudentId, me.studentId), eq(messages.toStudentId, to.id), ne(messages.status, 'rejected')));
    if (Number(written?.n ?? 0) >= perClassmate) throw new HttpError(409, tr.student.messageLimit(perClassmate));
    // The message belongs to the receiver's branch: it is printed on the receiver's page.
    const row = await insertOne(tx, messages, {
      studioId: me.studioId,
      kind: 'student',
      schoolId: to.schoolId,
      branchId: to.branchId,
      fromStudentId: me.studentId,
      toStudentId: to.id,
      authorStudentId: me.studentId,
      authorName: me.name,
      body,
      status: 'pending',
      searchKey: searchKey(body),
    });
    await recordStudentAudit(tx, me, 'create', 'message', row.id, { toStudentId: to.id, body });
    return row;
  });
}

/** Only a pending message may change; a moderator's decision is final for its author. */
const assertPending = (row: { status: string }) => {
  if (row.status !== 'pending') throw new HttpError(409, tr.student.notPending);
};

export async function editMessage(db: Db, me: StudentCaller, before: MessageRow, body: string): Promise<MessageRow> {
  assertPending(before);
  return db.transaction(async (tx) => {
    const after = single(
      await tx
        .update(messages)
        .set({ body, searchKey: searchKey(body), updatedAt: new Date() })
        .where(and(eq(messages.id, before.id), eq(messages.status, 'pending')))
        .returning(),
    );
    await recordStudentAudit(tx, me, 'update', 'message', before.id, changedFields(before, { body }));
    return after;
  });
}

export async function removeMessage(db: Db, me: StudentCaller, before: MessageRow): Promise<void> {
  assertPending(before);
  await db.transaction(async (tx) => {
    await tx.delete(messages).where(and(eq(messages.id, before.id), eq(messages.status, 'pending')));
    await recordStudentAudit(tx, me, 'delete', 'message', before.id, { body: before.body, toStudentId: before.toStudentId });
  });
}

/** One suggestion per classmate: a second one is refused (the first can be edited). */
export async function suggestNickname(db: Db, me: StudentCaller, to: StudentRow, text: string): Promise<NicknameRow> {
  return db.transaction(async (tx) => {
    await lockMe(tx, me);
    const [existing] = await tx
      .select({ id: nicknames.id })
      .from(nicknames)
      .where(and(eq(nicknames.fromStudentId, me.studentId), eq(nicknames.toStudentId, to.id)));
    if (existing) throw new HttpError(409, tr.student.nicknameExists);
    const row = await insertOne(tx, nicknames, {
      studioId: me.studioId,
      schoolId: to.schoolId,
      branchId: to.branchId,
      fromStudentId: me.studentId,
      toStudentId: to.id,
      authorStudentId: me.studentId,
      text,
      status: 'pending',
      searchKey: searchKey(text),
    });
    await recordStudentAudit(tx, me, 'create', 'nickname', row.id, { toStudentId: to.id, text });
    return row;
  });
}

/** Until approved, a suggestion can change; a rejected one goes back to pending with the new text. */
export async function editNickname(db: Db, me: StudentCaller, before: NicknameRow, text: string): Promise<NicknameRow> {
  if (before.status === 'approved') throw new HttpError(409, tr.student.nicknameApproved);
  return db.transaction(async (tx) => {
    const after = single(
      await tx
        .update(nicknames)
        .set({ text, searchKey: searchKey(text), status: 'pending', note: '', moderatedBy: null, moderatedAt: null, updatedAt: new Date() })
        .where(and(eq(nicknames.id, before.id), ne(nicknames.status, 'approved')))
        .returning(),
    );
    await recordStudentAudit(tx, me, 'update', 'nickname', before.id, changedFields(before, { text }));
    return after;
  });
}

/** The student's quote waits as a draft until staff approve it into the yearbook. */
export async function writeQuote(db: Db, me: StudentCaller, text: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(students).set({ quoteDraft: text, updatedAt: new Date() }).where(eq(students.id, me.studentId));
    await recordStudentAudit(tx, me, 'quote', 'student', me.studentId, { quoteDraft: text });
  });
}

export async function pickPortrait(db: Db, me: StudentCaller, photo: PhotoRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(students).set({ portraitPickPhotoId: photo.id, updatedAt: new Date() }).where(eq(students.id, me.studentId));
    await recordStudentAudit(tx, me, 'portrait-pick', 'student', me.studentId, { photoId: photo.id });
  });
}
