/** Reading an album's faces for the review screen, with the names of the students they are suggested as or assigned to. */
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { FaceItem } from '../../../common/schemas/faces';
import type { AlbumRow } from '../../auth/access';
import type { Db, Tx } from '../../db/client';
import { albumPhotos, photoFaces, photoTags, students } from '../../db/schema';

const suggested = alias(students, 'suggested');
const assigned = alias(students, 'assigned');
const nameOf = (s: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string | null>`${s.firstName} || ' ' || ${s.lastName}`;

/** Every face of the album's approved photos, in photo order. */
export async function albumFaces(db: Db, album: AlbumRow): Promise<FaceItem[]> {
  const rows = await db
    .select({
      faceId: photoFaces.id,
      photoId: photoFaces.photoId,
      box: photoFaces.box,
      suggestedId: photoFaces.suggestedStudentId,
      score: photoFaces.suggestedScore,
      suggestedName: nameOf(suggested),
      studentId: photoFaces.studentId,
      studentName: nameOf(assigned),
      state: photoFaces.state,
    })
    .from(photoFaces)
    .innerJoin(albumPhotos, and(eq(albumPhotos.id, photoFaces.photoId), eq(albumPhotos.status, 'approved')))
    .leftJoin(suggested, eq(suggested.id, photoFaces.suggestedStudentId))
    .leftJoin(assigned, eq(assigned.id, photoFaces.studentId))
    .where(eq(photoFaces.albumId, album.id))
    .orderBy(asc(photoFaces.photoId), asc(photoFaces.id));
  return rows.map((r) => ({
    faceId: r.faceId,
    photoId: r.photoId,
    box: r.box,
    suggestion: r.suggestedId !== null && r.score !== null ? { studentId: r.suggestedId, score: r.score, name: r.suggestedName ?? '' } : null,
    studentId: r.studentId,
    studentName: r.studentName,
    state: r.state,
  }));
}

/** How many of the album's approved photos wait for their scan, failed it, or are done. */
export async function scanCounts(db: Db, album: AlbumRow) {
  const rows = await db
    .select({ state: albumPhotos.faceScan, count: sql<number>`count(*)::int` })
    .from(albumPhotos)
    .where(and(eq(albumPhotos.albumId, album.id), eq(albumPhotos.status, 'approved')))
    .groupBy(albumPhotos.faceScan);
  const counts = { pending: 0, failed: 0, done: 0 };
  for (const row of rows) counts[row.state] = row.count;
  return counts;
}

/** The students tagged on an album photo, with their names. */
export async function tagsOf(db: Db | Tx, photoId: number) {
  return db
    .select({ studentId: photoTags.studentId, name: nameOf(students).mapWith(String), faceId: photoTags.faceId })
    .from(photoTags)
    .innerJoin(students, eq(students.id, photoTags.studentId))
    .where(eq(photoTags.photoId, photoId))
    .orderBy(asc(students.sortKey));
}

/** The stored key of the album photo a face is in (its crop lives beside it). */
export async function photoKeyOf(db: Db, face: { photoId: number }): Promise<string | undefined> {
  const [photo] = await db.select({ storageKey: albumPhotos.storageKey }).from(albumPhotos).where(eq(albumPhotos.id, face.photoId));
  return photo?.storageKey;
}
