/**
 * The face data's lifetime: a student's descriptors go the moment their parents' face-matching
 * consent is withdrawn, the whole school's when its book is marked final, and with a school's
 * photos when their retention period ends. A consent given anew has the school's album photos
 * scanned again, so the student can be suggested in photos taken before it.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { ConsentAnswer } from '../../../common/schemas/consents';
import type { Tx } from '../../db/client';
import { tr } from '../../../common/tr';
import { albumPhotos, auditLog, jobs, photoFaces, studentFaces } from '../../db/schema';
import { FACE_SCAN_JOB } from './scanQueue';

/** Removes the descriptors `which` picks and the open suggestions `suggested` picks; answers how many descriptors went. */
async function forget(tx: Tx, which: SQL, suggested: SQL): Promise<number> {
  const gone = await tx.delete(studentFaces).where(which).returning({ id: studentFaces.id });
  await tx
    .update(photoFaces)
    .set({ suggestedStudentId: null, suggestedScore: null })
    .where(and(suggested, eq(photoFaces.state, 'open')));
  return gone.length;
}

const forgetStudent = (tx: Tx, studentId: number) => forget(tx, eq(studentFaces.studentId, studentId), eq(photoFaces.suggestedStudentId, studentId));

/** Removes a school's descriptors and open suggestions (its book is final); answers how many descriptors went. */
export const forgetSchoolDescriptors = (tx: Tx, schoolId: number) => forget(tx, eq(studentFaces.schoolId, schoolId), eq(photoFaces.schoolId, schoolId));

/** The retention purge's face data: descriptors and every face found in the school's album photos. */
export async function purgeSchoolFaceData(tx: Tx, schoolId: number): Promise<number> {
  const descriptors = await tx.delete(studentFaces).where(eq(studentFaces.schoolId, schoolId)).returning({ id: studentFaces.id });
  const found = await tx.delete(photoFaces).where(eq(photoFaces.schoolId, schoolId)).returning({ id: photoFaces.id });
  return descriptors.length + found.length;
}

/**
 * Follows a face-matching answer inside the transaction that records it: "no" deletes the
 * student's descriptors at once; "yes" marks the school's scanned photos for a new scan and
 * queues it (an active scan takes them; the one-active-job index makes a second row a no-op, and
 * `ON CONFLICT DO NOTHING` keeps the transaction usable).
 */
export async function followFaceConsent(
  tx: Tx,
  student: { id: number; studioId: number; schoolId: number },
  answer: ConsentAnswer,
  recordedBy: number | null,
): Promise<{ descriptorsDeleted: number }> {
  if (answer === 'no') {
    const descriptorsDeleted = await forgetStudent(tx, student.id);
    // The deletion has its own entry (by the system), so the history says when face data went and how much.
    if (descriptorsDeleted > 0) {
      await tx.insert(auditLog).values({
        studioId: student.studioId,
        userId: recordedBy,
        userName: tr.notifications.systemUser,
        action: 'delete',
        entity: 'face-data',
        entityId: student.id,
        schoolId: student.schoolId,
        changes: { descriptors: descriptorsDeleted, reason: 'consent-withdrawn' },
      });
    }
    return { descriptorsDeleted };
  }
  const marked = await tx
    .update(albumPhotos)
    .set({ faceScan: 'pending' })
    .where(and(eq(albumPhotos.schoolId, student.schoolId), eq(albumPhotos.status, 'approved'), inArray(albumPhotos.faceScan, ['done', 'failed'])))
    .returning({ id: albumPhotos.id });
  const hasPending =
    marked.length > 0 ||
    (await tx.$count(albumPhotos, and(eq(albumPhotos.schoolId, student.schoolId), eq(albumPhotos.status, 'approved'), eq(albumPhotos.faceScan, 'pending')))) >
      0;
  // Without photos there is nothing to scan yet; the descriptor is made by the first scan.
  if (hasPending) {
    await tx
      .insert(jobs)
      .values({ kind: FACE_SCAN_JOB, studioId: student.studioId, schoolId: student.schoolId, branchId: null, params: {}, createdBy: recordedBy })
      .onConflictDoNothing();
  }
  return { descriptorsDeleted: 0 };
}
