/**
 * A student's own writes of its page: its quote draft and its portrait pick (its messages and
 * nickname suggestions are written by the messages and nicknames areas). Each runs in a
 * transaction with its audit entry naming the student as the actor; the caller checked scope and
 * the deadline.
 */
import { eq } from 'drizzle-orm';
import type { PhotoRow } from '../../auth/access';
import type { StudentCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { students } from '../../db/schema';
import { recordStudentAudit } from '../../core/audit';

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
