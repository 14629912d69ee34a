/**
 * The school's face scan: first the descriptors of consented students' portraits that are not
 * made yet (never for a student without face-matching consent, nor once the school's book is
 * final), then every approved album photo waiting for a scan, in batches until none is left, so
 * photos approved while it runs are taken too. Each photo's faces are found in the worker pool
 * and suggested as the most alike consented student of the album's school or branch; the faces'
 * own descriptors are never stored (their people may not have consented).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { albumPhotos, photoFaces, photos, studentFaces, students, yearbookFinals } from '../../db/schema';
import { FACE_MODEL, type FaceBox } from '../../images/faceModel';
import type { JobHandler } from '../../jobs/runner';
import type { FileStore } from '../../storage/store';
import type { WorkerPool } from '../../workers/pool';
import { faceMatchable } from '../consents/faces';
import { fileKey } from '../photos/queries';
import { overlap, suggest, type Candidate } from './matching';

const TASK_TIMEOUT_MS = 2 * 60_000;
const BATCH = 10;
/** A face found again in a photo scanned again overlaps its first box at least this much. */
const SAME_FACE = 0.5;

/** Works through the items `count` at a time: as many as the pool has threads, so each thread always has the next one. */
async function atOnce<T>(items: T[], count: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i]!);
    }),
  );
}

/** Where a face's crop for the review screen is kept: beside its photo's files, so it goes with them. */
export const cropKey = (photoStorageKey: string, faceId: number) => `${photoStorageKey}/face-${faceId}.webp`;

/** The stored size detection reads: the 1280 px copy when the upload made one, else the original. */
async function scanSource(store: FileStore, storageKey: string): Promise<Buffer | null> {
  return (await store.get(fileKey(storageKey, 'display'))) ?? store.get(fileKey(storageKey, 'original'));
}

/** Makes the missing descriptors of the school's consented students from their portraits; answers how many were made. */
async function describeStudents(db: Db, store: FileStore, pool: WorkerPool, schoolId: number, signal: AbortSignal): Promise<number> {
  const [final] = await db.select({ id: yearbookFinals.schoolId }).from(yearbookFinals).where(eq(yearbookFinals.schoolId, schoolId));
  if (final) return 0;
  const portraits = await db
    .select({ photoId: photos.id, storageKey: photos.storageKey, studentId: photos.studentId, branchId: photos.branchId, studioId: photos.studioId })
    .from(photos)
    .innerJoin(students, eq(students.id, photos.studentId))
    .leftJoin(studentFaces, and(eq(studentFaces.photoId, photos.id), eq(studentFaces.model, FACE_MODEL)))
    .where(and(eq(photos.schoolId, schoolId), eq(photos.isPortrait, true), eq(students.status, 'active'), isNull(studentFaces.id)));
  const allowed = await faceMatchable(db, [...new Set(portraits.map((p) => p.studentId))]);
  let made = 0;
  await atOnce(
    portraits.filter((p) => allowed.has(p.studentId)),
    pool.threads,
    async (portrait) => {
      const image = await scanSource(store, portrait.storageKey);
      if (!image) return;
      const found = await pool.run('faces', { image }, { timeoutMs: TASK_TIMEOUT_MS, signal });
      // A portrait is one person: the largest face is theirs.
      const face = found.faces[0];
      if (!face) return;
      await db.transaction(async (tx) => {
        // Consent is asked again at the write: one withdrawn while the model ran leaves nothing behind.
        if (!(await faceMatchable(tx, [portrait.studentId])).has(portrait.studentId)) return;
        const [row] = await tx
          .insert(studentFaces)
          .values({
            studioId: portrait.studioId,
            schoolId,
            branchId: portrait.branchId,
            studentId: portrait.studentId,
            photoId: portrait.photoId,
            descriptor: face.descriptor,
            model: FACE_MODEL,
          })
          .onConflictDoNothing()
          .returning({ id: studentFaces.id });
        if (row) made++;
      });
    },
  );
  return made;
}

/** The descriptors a photo's faces are compared with: consented students of its album's school, or of its branch. */
async function candidatesOf(db: Db, schoolId: number): Promise<(Candidate & { branchId: number })[]> {
  const rows = await db
    .select({ studentId: studentFaces.studentId, branchId: studentFaces.branchId, descriptor: studentFaces.descriptor })
    .from(studentFaces)
    .innerJoin(photos, and(eq(photos.id, studentFaces.photoId), eq(photos.isPortrait, true)))
    .innerJoin(students, and(eq(students.id, studentFaces.studentId), eq(students.status, 'active')))
    .where(and(eq(studentFaces.schoolId, schoolId), eq(studentFaces.model, FACE_MODEL)));
  const allowed = await faceMatchable(db, [...new Set(rows.map((r) => r.studentId))]);
  return rows.filter((r) => allowed.has(r.studentId));
}

type PendingPhoto = Pick<typeof albumPhotos.$inferSelect, 'id' | 'studioId' | 'schoolId' | 'branchId' | 'albumId' | 'storageKey'>;

/** Finds and suggests one photo's faces; a face already there (a new scan) keeps its decision, an open one gets the new suggestion. */
async function scanPhoto(
  db: Db,
  store: FileStore,
  pool: WorkerPool,
  photo: PendingPhoto,
  candidates: (Candidate & { branchId: number })[],
  signal: AbortSignal,
) {
  const image = await scanSource(store, photo.storageKey);
  if (!image) throw new Error(`album photo ${photo.id} has no file`);
  const found = await pool.run('faces', { image, crops: true }, { timeoutMs: TASK_TIMEOUT_MS, signal });
  const mine = photo.branchId === null ? candidates : candidates.filter((c) => c.branchId === photo.branchId);
  const suggestions = suggest(
    found.faces.map((f) => f.descriptor),
    mine,
  );
  const crops: { key: string; data: Buffer }[] = [];
  await db.transaction(async (tx) => {
    const known = await tx.select().from(photoFaces).where(eq(photoFaces.photoId, photo.id));
    for (const [index, face] of found.faces.entries()) {
      const suggestion = suggestions[index] ?? null;
      const values = { suggestedStudentId: suggestion?.studentId ?? null, suggestedScore: suggestion?.score ?? null };
      const same = known.find((k) => overlap(k.box, face.box) >= SAME_FACE);
      if (same) {
        if (same.state === 'open') await tx.update(photoFaces).set(values).where(eq(photoFaces.id, same.id));
        continue;
      }
      const [row] = await tx
        .insert(photoFaces)
        .values({ studioId: photo.studioId, schoolId: photo.schoolId, albumId: photo.albumId, photoId: photo.id, box: face.box as FaceBox, ...values })
        .returning({ id: photoFaces.id });
      if (face.crop) crops.push({ key: cropKey(photo.storageKey, row!.id), data: Buffer.from(face.crop) });
    }
    await tx.update(albumPhotos).set({ faceScan: 'done', faceScannedAt: new Date() }).where(eq(albumPhotos.id, photo.id));
  });
  for (const crop of crops) await store.put(crop.key, crop.data);
  return found.faces.length;
}

const pendingWhere = (schoolId: number) => and(eq(albumPhotos.schoolId, schoolId), eq(albumPhotos.status, 'approved'), eq(albumPhotos.faceScan, 'pending'));

export function faceScanJob(db: Db, store: FileStore, pool: WorkerPool): JobHandler {
  return async (job, context) => {
    const schoolId = job.schoolId!;
    const descriptors = await describeStudents(db, store, pool, schoolId, context.signal);
    let scanned = 0;
    let faces = 0;
    let failed = 0;
    for (;;) {
      const batch = await db
        .select({
          id: albumPhotos.id,
          studioId: albumPhotos.studioId,
          schoolId: albumPhotos.schoolId,
          branchId: albumPhotos.branchId,
          albumId: albumPhotos.albumId,
          storageKey: albumPhotos.storageKey,
        })
        .from(albumPhotos)
        .where(pendingWhere(schoolId))
        .orderBy(asc(albumPhotos.id))
        .limit(BATCH);
      if (batch.length === 0) break;
      // Read again per batch: a consent withdrawn mid-scan stops that student's suggestions from the next batch on.
      const candidates = await candidatesOf(db, schoolId);
      const waiting = await db.$count(albumPhotos, pendingWhere(schoolId));
      const done = scanned;
      await atOnce(batch, pool.threads, async (photo) => {
        try {
          faces += await scanPhoto(db, store, pool, photo, candidates, context.signal);
        } catch (error) {
          if (context.signal.aborted) throw error;
          // One unreadable photo must not hold up the rest: it is marked and skipped.
          failed++;
          await db.update(albumPhotos).set({ faceScan: 'failed', faceScannedAt: new Date() }).where(eq(albumPhotos.id, photo.id));
        }
        scanned++;
        await context.progress(scanned, Math.max(scanned, done + waiting));
      });
    }
    return { descriptors, photos: scanned, faces, failed };
  };
}
