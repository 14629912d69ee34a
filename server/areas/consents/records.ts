/**
 * Consent answers, the one way they are written and read: every answer appends an evidence row,
 * and the answer in force per student and purpose is kept beside it in the same transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ConsentAnswer, ConsentPurpose, ParentRelation } from '../../../common/schemas/consents';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { consentRecords, studentConsents } from '../../db/schema';
import { followFaceConsent } from '../faces/faceData';

/** The student an answer is about: where it belongs, for scope. */
export interface ConsentSubject {
  id: number;
  studioId: number;
  schoolId: number;
  branchId: number;
}

/** One answer as given: by a parent online, or by staff from a paper form (then `recordedBy` and maybe a scan). */
export interface ConsentEvidence {
  purpose: ConsentPurpose;
  answer: ConsentAnswer;
  givenByName: string;
  relation: ParentRelation;
  channel: 'online' | 'paper';
  textVersion: string;
  ip?: string;
  userAgent?: string;
  recordedBy?: number | null;
  scanKey?: string | null;
}

/** Appends the evidence and makes it the answer in force; call inside the write's transaction. */
export async function recordConsent(tx: Tx, student: ConsentSubject, evidence: ConsentEvidence) {
  const record = await insertOne(tx, consentRecords, {
    studioId: student.studioId,
    schoolId: student.schoolId,
    branchId: student.branchId,
    studentId: student.id,
    purpose: evidence.purpose,
    answer: evidence.answer,
    givenByName: evidence.givenByName,
    relation: evidence.relation,
    channel: evidence.channel,
    textVersion: evidence.textVersion,
    ip: evidence.ip ?? '',
    userAgent: (evidence.userAgent ?? '').slice(0, 300),
    recordedBy: evidence.recordedBy ?? null,
    scanKey: evidence.scanKey ?? null,
  });
  const inForce = {
    studioId: student.studioId,
    schoolId: student.schoolId,
    branchId: student.branchId,
    answer: evidence.answer,
    recordId: record.id,
    answeredAt: record.answeredAt,
  };
  await tx
    .insert(studentConsents)
    .values({ studentId: student.id, purpose: evidence.purpose, ...inForce })
    .onConflictDoUpdate({ target: [studentConsents.studentId, studentConsents.purpose], set: inForce });
  // Face data follows its consent in the same transaction: withdrawn, the descriptors go at once.
  if (evidence.purpose === 'face-matching') await followFaceConsent(tx, student, evidence.answer, evidence.recordedBy ?? null);
  return record;
}

/** Of these students, the ones whose parents said yes to the purpose (no answer is no). */
export async function consentedStudentIds(db: Db | Tx, purpose: ConsentPurpose, studentIds: number[]): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: studentConsents.studentId })
    .from(studentConsents)
    .where(and(eq(studentConsents.purpose, purpose), eq(studentConsents.answer, 'yes'), inArray(studentConsents.studentId, studentIds)));
  return new Set(rows.map((r) => r.id));
}

/** A student's answers in force, by purpose (a purpose not answered is absent), with who gave each and to which text. */
export async function consentsOf(db: Db | Tx, studentId: number) {
  return db
    .select({
      purpose: studentConsents.purpose,
      answer: studentConsents.answer,
      answeredAt: studentConsents.answeredAt,
      recordId: studentConsents.recordId,
      textVersion: consentRecords.textVersion,
      givenByName: consentRecords.givenByName,
      relation: consentRecords.relation,
      channel: consentRecords.channel,
    })
    .from(studentConsents)
    .innerJoin(consentRecords, eq(consentRecords.id, studentConsents.recordId))
    .where(eq(studentConsents.studentId, studentId));
}
