/**
 * Retention: a school's photos are kept until its delivery date plus the studio's retention
 * period (months), then purged by a recurring job, files and rows, together with the face data
 * derived from them. Each purged school gets an audit entry (by the system) with what went, so
 * staff read it in the school's history; the round's job row holds the same report.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { todayInTurkey } from '../../../common/dates';
import { tr } from '../../../common/tr';
import type { Db, Tx } from '../../db/client';
import { allowLawfulErasure } from '../../db/lawfulErasure';
import { albumPhotos, auditLog, photos, schools, studios } from '../../db/schema';
import { DERIVED_SIZES } from '../../images/photos';
import type { RecurringJob } from '../../jobs/app';
import type { FileStore } from '../../storage/store';
import { removeErasedFiles } from './erasure';

export const RETENTION_JOB = 'kvkk.retention';

/**
 * Removes a school's face data (descriptors, matches) inside the purge's transaction and answers
 * how many rows went. There is no face data yet; the faces area hands its purge in here
 * (areas/index.ts) when it comes, so photos never outlive their period with their faces kept.
 */
export type FaceDataPurge = (tx: Tx, schoolId: number) => Promise<number>;

/** What one school lost in a round. */
export interface SchoolPurge {
  schoolId: number;
  schoolName: string;
  deliveryDate: string;
  retentionMonths: number;
  photos: number;
  files: number;
  faces: number;
}

const SIZES_PER_PHOTO = Object.keys(DERIVED_SIZES).length;

/**
 * Purges the photos of the studio's schools whose delivery date plus the studio's period has
 * passed on Türkiye's calendar at `now`; one transaction per school, files after its commit.
 */
export async function purgeExpiredPhotos(db: Db, store: FileStore, studioId: number, now: Date, faceData?: FaceDataPurge): Promise<SchoolPurge[]> {
  const today = todayInTurkey(now);
  const due = await db
    .select({ id: schools.id, name: schools.name, deliveryDate: schools.deliveryDate, retentionMonths: studios.retentionMonths })
    .from(schools)
    .innerJoin(studios, eq(studios.id, schools.studioId))
    .where(
      and(
        eq(schools.studioId, studioId),
        isNotNull(schools.deliveryDate),
        sql`(${schools.deliveryDate} + make_interval(months => ${studios.retentionMonths}))::date <= ${today}::date`,
        // Portraits, or event album photos: the school's pictures all end with its period.
        sql`(EXISTS (SELECT 1 FROM ${photos} p WHERE p.school_id = ${schools.id}) OR EXISTS (SELECT 1 FROM album_photos a WHERE a.school_id = ${schools.id}))`,
      ),
    )
    .orderBy(schools.id);
  const report: SchoolPurge[] = [];
  for (const school of due) {
    const { keys, eventKeys, faces } = await db.transaction(async (tx) => {
      await allowLawfulErasure(tx);
      const gone = await tx.delete(photos).where(eq(photos.schoolId, school.id)).returning({ key: photos.storageKey });
      const events = await tx.delete(albumPhotos).where(eq(albumPhotos.schoolId, school.id)).returning({ key: albumPhotos.storageKey });
      const faces = faceData ? await faceData(tx, school.id) : 0;
      const keys = gone.map((p) => p.key);
      const eventKeys = events.map((p) => p.key);
      await tx.insert(auditLog).values({
        studioId,
        userName: tr.notifications.systemUser,
        action: 'retention-purge',
        entity: 'school',
        entityId: school.id,
        schoolId: school.id,
        changes: {
          photos: keys.length,
          albumPhotos: eventKeys.length,
          files: (keys.length + eventKeys.length) * SIZES_PER_PHOTO,
          faces,
          deliveryDate: school.deliveryDate,
          retentionMonths: school.retentionMonths,
        },
      });
      return { keys, eventKeys, faces };
    });
    await removeErasedFiles(store, [...keys, ...eventKeys]);
    report.push({
      schoolId: school.id,
      schoolName: school.name,
      deliveryDate: school.deliveryDate!,
      retentionMonths: school.retentionMonths,
      photos: keys.length,
      files: keys.length * SIZES_PER_PHOTO,
      faces,
    });
  }
  return report;
}

/** The recurring round, every few hours per studio; `clock` is the day it judges by (tests move it). */
export function retentionJob(db: Db, store: FileStore, options: { clock?: () => Date; faceData?: FaceDataPurge } = {}): RecurringJob {
  const clock = options.clock ?? (() => new Date());
  return {
    kind: RETENTION_JOB,
    everyMs: 6 * 60 * 60 * 1000,
    async handler(job, context) {
      const schools = await purgeExpiredPhotos(db, store, job.studioId, clock(), options.faceData);
      // A round that purged nothing reports 0 of 0 and leaves no row behind (jobs/queue.ts).
      await context.progress(schools.length, schools.length);
      return { schools };
    },
  };
}
