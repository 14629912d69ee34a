/**
 * Erasing a student under KVKK: their photos (every stored size) and the yearbook files that may
 * show them, the messages they wrote and received, nicknames both ways, sessions, consents in
 * force and the student row go. What stays: the consent evidence (detached, pointing at the
 * erasure), the audit entries without their content, and the erasure's own row (who, when, how
 * many of what) — also appended to the erasure log a restore applies again.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { tr } from '../../../common/tr';
import type { StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { allowLawfulErasure } from '../../db/lawfulErasure';
import { insertOne } from '../../db/rows';
import { auditLog, consentRecords, erasures, jobs, messages, nicknames, photos, studentSessions, students, yearbookApprovals } from '../../db/schema';
import type { FileStore } from '../../storage/store';
import { recordAudit } from '../../core/audit';
import { YEARBOOK_JOB } from '../yearbook/job';
import { auditAboutStudent } from './auditAbout';
import { appendErasureLog, type LoggedErasure } from './erasureLog';

/** How many of each went; kept on the erasure's row and in its audit entry (numbers only). */
export interface ErasureCounts {
  photos: number;
  messages: number;
  nicknames: number;
  sessions: number;
  consentRecords: number;
  yearbookFiles: number;
  /** Scans of paper consent forms removed (the records they belong to stay). */
  consentScans: number;
}

type ErasedStudent = Pick<StudentRow, 'id' | 'studioId' | 'schoolId' | 'branchId'>;

const countOf = async (tx: Tx, query: SQL) => Number((await tx.execute<{ n: number | string }>(query)).rows[0]?.n ?? 0);

/**
 * Removes every row of the student inside `tx` (the lock of an approved book let through), marks
 * the consent evidence as the erasure's, and clears the content of the audit entries about them.
 * Answers the counts and the store keys to remove once the transaction has committed.
 */
export async function eraseStudentRows(tx: Tx, student: ErasedStudent, erasureId: number): Promise<{ counts: ErasureCounts; keys: string[] }> {
  await allowLawfulErasure(tx);
  const id = student.id;
  const photoRows = await tx.select({ id: photos.id, key: photos.storageKey }).from(photos).where(eq(photos.studentId, id));
  const messageIds = (
    await tx
      .select({ id: messages.id })
      .from(messages)
      .where(or(eq(messages.fromStudentId, id), eq(messages.toStudentId, id), eq(messages.authorStudentId, id)))
  ).map((m) => m.id);
  const nicknameIds = (
    await tx
      .select({ id: nicknames.id })
      .from(nicknames)
      .where(or(eq(nicknames.fromStudentId, id), eq(nicknames.toStudentId, id)))
  ).map((n) => n.id);
  // The school's books built with the student's branch in them carry their photo and name.
  const books = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, YEARBOOK_JOB), eq(jobs.schoolId, student.schoolId), or(isNull(jobs.branchId), eq(jobs.branchId, student.branchId))));
  const sessions = await countOf(tx, sql`SELECT count(*) AS n FROM ${studentSessions} WHERE student_id = ${id}`);

  const scans = await countOf(tx, sql`SELECT count(*) AS n FROM ${consentRecords} WHERE student_id = ${id} AND scan_key IS NOT NULL`);
  const detached = await tx
    .update(consentRecords)
    .set({ studentId: null, erasureId })
    .where(eq(consentRecords.studentId, id))
    .returning({ id: consentRecords.id });

  // Who did what and when stays; what the entries said about the student does not.
  await tx
    .update(auditLog)
    .set({ changes: null })
    .where(auditAboutStudent(student.studioId, id, { photo: photoRows.map((p) => p.id), message: messageIds, nickname: nicknameIds }));
  // The student's own entries carried their name as the actor's.
  await tx.update(auditLog).set({ userName: tr.kvkk.erasedActor }).where(eq(auditLog.studentId, id));

  if (messageIds.length) await tx.delete(messages).where(inArray(messages.id, messageIds));
  // Photos, nicknames, sessions, notification deliveries and the consents in force go with the row.
  await tx.delete(students).where(eq(students.id, id));

  return {
    counts: {
      photos: photoRows.length,
      messages: messageIds.length,
      nicknames: nicknameIds.length,
      sessions,
      consentRecords: detached.length,
      yearbookFiles: books.length,
      consentScans: scans,
    },
    // Every scan uploaded for them, a form never saved included: the records stay as the evidence, the images of the forms go.
    keys: [...photoRows.map((p) => p.key), ...books.map((b) => `yearbooks/${b.id}`), `consent-scans/${id}`],
  };
}

/** Removes the erased files; a missing one is no error, so running it twice is harmless. */
export async function removeErasedFiles(store: FileStore, keys: string[]): Promise<void> {
  for (const key of keys) await store.remove(key);
}

/**
 * Erases a student at a staff member's request: rows in one transaction with the erasure's row,
 * its audit entry and its line in the erasure log; the files after the commit. An approved
 * book's lock does not stop it (a legal duty); the audit entry says the book was approved.
 */
export async function eraseStudent(db: Db, store: FileStore, log: FileStore, caller: Caller, student: StudentRow) {
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ branchId: yearbookApprovals.branchId }).from(yearbookApprovals).where(eq(yearbookApprovals.branchId, student.branchId));
    const erasure = await insertOne(tx, erasures, {
      studioId: student.studioId,
      schoolId: student.schoolId,
      studentId: student.id,
      erasedBy: caller.userId,
      erasedByName: caller.name,
    });
    const { counts, keys } = await eraseStudentRows(tx, student, erasure.id);
    await tx.update(erasures).set({ counts }).where(eq(erasures.id, erasure.id));
    await recordAudit(tx, caller, 'erase', 'student', { id: student.id, schoolId: student.schoolId }, { ...counts, bookApproved: Boolean(locked) });
    const logged: LoggedErasure = {
      id: erasure.id,
      studioId: erasure.studioId,
      schoolId: erasure.schoolId,
      studentId: erasure.studentId,
      erasedByName: erasure.erasedByName,
      erasedAt: erasure.erasedAt.toISOString(),
      counts,
    };
    // Written before the commit: a logged erasure that failed to commit is re-applied by a
    // restore as asked for; a committed one missing from the log could come back.
    await appendErasureLog(log, logged);
    return { counts, keys, erasureId: erasure.id };
  });
  await removeErasedFiles(store, result.keys);
  return { erasureId: result.erasureId, counts: result.counts };
}
