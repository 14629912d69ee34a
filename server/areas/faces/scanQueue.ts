/**
 * How album photos reach face matching: a photo becomes approved with `face_scan = 'pending'`, and
 * the school's face-scan job (one active per school) works through its pending photos.
 */
import type { Db } from '../../db/client';
import { queueSchoolJob } from '../../jobs/queue';

export const FACE_SCAN_JOB = 'faces.scan';

/** Asks for the school's pending album photos to be scanned; a scan already queued or running takes them too. */
export async function queueFaceScan(db: Db, school: { id: number; studioId: number }, createdBy: number | null): Promise<void> {
  await queueSchoolJob(db, FACE_SCAN_JOB, school, null, createdBy);
}
