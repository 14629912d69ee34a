/**
 * Who writes a message or a nickname suggestion: a staff member (for anyone in reach) or a
 * student (for itself, through the student pages). The row names its author and the audit entry
 * its actor accordingly; the rest of a write is the same for both.
 */
import { sql } from 'drizzle-orm';
import type { Caller, StudentCaller } from '../../auth/caller';
import type { Tx } from '../../db/client';
import { recordAudit, recordStudentAudit, type AuditAction, type AuditSubject } from '../../core/audit';

export type Author = Caller | StudentCaller;

export const isStudent = (author: Author): author is StudentCaller => author.level === 'student';

/** Records the change with the author as the actor (a student's entries are always of its own school). */
export async function recordByAuthor(tx: Tx, author: Author, action: AuditAction, entity: string, subject: AuditSubject, changes: unknown) {
  if (isStudent(author)) await recordStudentAudit(tx, author, action, entity, subject.id, changes);
  else await recordAudit(tx, author, action, entity, subject, changes);
}

/** Holds the writing student's row: two writes of one student run one after the other, so its limits hold. */
export async function lockStudent(tx: Tx, studentId: number): Promise<void> {
  await tx.execute(sql`select id from students where id = ${studentId} for update`);
}
