/**
 * Staff's decisions on faces and their hand tags, each audited. `photo_tags` is written here
 * only: a confirmed face or a hand tag adds the row, a face rejected, ignored or given to another
 * student and an untag remove it. Coverage, the book's index and the portal read those rows.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { BulkFaceBody, FaceDecisionBody } from '../../../common/schemas/faces';
import { tr } from '../../../common/tr';
import { studentInScope, type AlbumPhotoRow, type AlbumRow, type PhotoFaceRow, type StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { recordAudit } from '../../core/audit';
import { badRequest, fieldError } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { albumPhotos, albums, photoFaces, photoTags, students } from '../../db/schema';
import { queueFaceScan } from './scanQueue';

const t = tr.faces;

/** The student, when they belong where the album's photos are (its school, or its branch). */
async function studentForAlbum(db: Db, caller: Caller, albumId: number, studentId: number): Promise<StudentRow> {
  const student = await studentInScope(db, caller, studentId);
  const [album] = await db.select().from(albums).where(eq(albums.id, albumId));
  if (!album || student.schoolId !== album.schoolId || (album.branchId !== null && student.branchId !== album.branchId)) {
    throw fieldError('studentId', t.studentOutsideAlbum);
  }
  return student;
}

/** The one way a tag is added: the student on the photo, from a face or by hand. */
async function tag(tx: Tx, caller: Caller, photo: { id: number; studioId: number; schoolId: number }, student: StudentRow, faceId: number | null) {
  await tx
    .insert(photoTags)
    .values({
      photoId: photo.id,
      studentId: student.id,
      studioId: photo.studioId,
      schoolId: photo.schoolId,
      branchId: student.branchId,
      faceId,
      taggedBy: caller.userId,
    })
    .onConflictDoUpdate({ target: [photoTags.photoId, photoTags.studentId], set: { faceId, taggedBy: caller.userId } });
}

/** Removes the tag a face made (the face now says something else). */
const untagFaces = (tx: Tx, faceIds: number[]) => tx.delete(photoTags).where(inArray(photoTags.faceId, faceIds));

/** Confirms, assigns, rejects or ignores one face. */
export async function decideFace(db: Db, caller: Caller, face: PhotoFaceRow, body: FaceDecisionBody): Promise<void> {
  const student = body.studentId === null ? null : await studentForAlbum(db, caller, face.albumId, body.studentId);
  const state = body.ignored ? 'ignored' : student ? 'confirmed' : 'rejected';
  await db.transaction(async (tx) => {
    await untagFaces(tx, [face.id]);
    await tx
      .update(photoFaces)
      .set({ state, studentId: student?.id ?? null, decidedBy: caller.userId, decidedAt: new Date() })
      .where(eq(photoFaces.id, face.id));
    if (student) await tag(tx, caller, { id: face.photoId, studioId: face.studioId, schoolId: face.schoolId }, student, face.id);
    const changes = { state: [face.state, state], studentId: [face.studentId, student?.id ?? null], suggestedStudentId: face.suggestedStudentId };
    await recordAudit(tx, caller, 'update', 'face', { id: face.id, schoolId: face.schoolId }, changes);
  });
}

/**
 * Confirms or rejects the suggestions of many faces of one album at once; a face without a
 * suggestion cannot be confirmed this way and is left as it is. Answers how many changed.
 */
export async function decideFaces(db: Db, caller: Caller, album: AlbumRow, body: BulkFaceBody): Promise<number> {
  const faceIds = [...new Set(body.faceIds)];
  const faces = await db.select().from(photoFaces).where(inArray(photoFaces.id, faceIds));
  if (faces.length !== faceIds.length || faces.some((f) => f.albumId !== album.id)) throw badRequest(t.notInAlbum, { faceIds: t.notInAlbum });
  const chosen = body.action === 'confirm' ? faces.filter((f) => f.suggestedStudentId !== null) : faces;
  if (chosen.length === 0) return 0;
  return db.transaction(async (tx) => {
    const ids = chosen.map((f) => f.id);
    await untagFaces(tx, ids);
    const decided = { decidedBy: caller.userId, decidedAt: new Date() };
    if (body.action === 'reject') {
      await tx
        .update(photoFaces)
        .set({ state: 'rejected', studentId: null, ...decided })
        .where(inArray(photoFaces.id, ids));
    } else {
      const rows = await tx
        .update(photoFaces)
        .set({ state: 'confirmed', studentId: photoFaces.suggestedStudentId, ...decided })
        .where(and(inArray(photoFaces.id, ids), isNotNull(photoFaces.suggestedStudentId)))
        .returning();
      const branches = await studentBranches(
        tx,
        rows.map((r) => r.studentId!),
      );
      for (const row of rows) {
        await tx
          .insert(photoTags)
          .values({
            photoId: row.photoId,
            studentId: row.studentId!,
            studioId: row.studioId,
            schoolId: row.schoolId,
            branchId: branches.get(row.studentId!)!,
            faceId: row.id,
            taggedBy: caller.userId,
          })
          .onConflictDoUpdate({ target: [photoTags.photoId, photoTags.studentId], set: { faceId: row.id, taggedBy: caller.userId } });
      }
    }
    await recordAudit(tx, caller, 'update', 'face', { id: null, schoolId: album.schoolId }, { albumId: album.id, action: body.action, faceIds: ids });
    return ids.length;
  });
}

async function studentBranches(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  const rows = await tx.select({ id: students.id, branchId: students.branchId }).from(students).where(inArray(students.id, ids));
  return new Map(rows.map((r) => [r.id, r.branchId]));
}

/** Tags a student on an approved album photo by hand. */
export async function tagByHand(db: Db, caller: Caller, photo: AlbumPhotoRow, studentId: number): Promise<void> {
  if (photo.status !== 'approved') throw badRequest(t.photoNotApproved);
  const student = await studentForAlbum(db, caller, photo.albumId, studentId);
  await db.transaction(async (tx) => {
    await tag(tx, caller, photo, student, null);
    await recordAudit(tx, caller, 'create', 'photo-tag', { id: photo.id, schoolId: photo.schoolId }, { studentId: student.id });
  });
}

/** Removes a student's tag from an album photo; a face that made it goes back to being undecided. */
export async function untag(db: Db, caller: Caller, photo: AlbumPhotoRow, studentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(photoTags)
      .where(and(eq(photoTags.photoId, photo.id), eq(photoTags.studentId, studentId)))
      .returning();
    if (!gone) return;
    if (gone.faceId !== null) {
      await tx
        .update(photoFaces)
        .set({ state: 'open', studentId: null, decidedBy: caller.userId, decidedAt: new Date() })
        .where(eq(photoFaces.id, gone.faceId));
    }
    await recordAudit(tx, caller, 'delete', 'photo-tag', { id: photo.id, schoolId: photo.schoolId }, { studentId });
  });
}

/**
 * Has the album's approved photos scanned (again): a scan that failed, or one made before more
 * students' consent. Decisions already made stay (a face found again keeps its own). Answers how many photos wait.
 */
export async function scanAlbum(db: Db, caller: Caller, album: AlbumRow): Promise<number> {
  const marked = await db.transaction(async (tx) => {
    const rows = await tx
      .update(albumPhotos)
      .set({ faceScan: 'pending' })
      .where(and(eq(albumPhotos.albumId, album.id), eq(albumPhotos.status, 'approved')))
      .returning({ id: albumPhotos.id });
    await recordAudit(tx, caller, 'update', 'album-face-scan', { id: album.id, schoolId: album.schoolId }, { photos: rows.length });
    return rows.length;
  });
  if (marked > 0) await queueFaceScan(db, { id: album.schoolId, studioId: album.studioId }, caller.userId);
  return marked;
}
