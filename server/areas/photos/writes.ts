/**
 * Writing photos: storing uploads (one student's, or a shoot's matched to students), choosing
 * the portrait, deleting; each with its audit entry. Files are written before their row and
 * removed after it, so a row never points at a missing file.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BulkPhotoResult } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import type { PhotoRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { insertOne } from '../../db/rows';
import { photos } from '../../db/schema';
import { HttpError, badRequest } from '../../http/errors';
import { DERIVED_SIZES, derivePhoto, type DerivedPhoto, type StoredSize } from '../../images/photos';
import type { FileStore } from '../../storage/store';
import type { UploadedFile } from '../../storage/uploads';
import { recordAudit } from '../audit/writes';
import { bulkTargets, type BulkScope } from './bulkMatch';
import { readPhotoIndex } from './photoIndex';
import { fileKey } from './queries';

/** Puts every size of a derived photo into the store under a new folder; answers the folder's key. */
export async function putPhotoFiles(store: FileStore, studioId: number, photo: DerivedPhoto): Promise<string> {
  // A random folder name: photo files are never reachable by guessing a path.
  const storageKey = `photos/s${studioId}/${randomBytes(16).toString('hex')}`;
  await Promise.all((Object.keys(DERIVED_SIZES) as StoredSize[]).map((size) => store.put(fileKey(storageKey, size), photo.files[size])));
  return storageKey;
}

export async function removePhotoFiles(store: FileStore, storageKeys: string[]) {
  await Promise.all(storageKeys.map((key) => store.remove(key)));
}

/** Writes the files first, then the row; the first photo of a student becomes the portrait. */
async function savePhoto(db: Db, store: FileStore, caller: Caller, student: StudentRow, photo: DerivedPhoto, file: UploadedFile): Promise<PhotoRow> {
  const storageKey = await putPhotoFiles(store, student.studioId, photo);
  try {
    return await db.transaction(async (tx) => {
      const [portrait] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.studentId, student.id), eq(photos.isPortrait, true)));
      const row = await insertOne(tx, photos, {
        studioId: student.studioId,
        schoolId: student.schoolId,
        branchId: student.branchId,
        studentId: student.id,
        isPortrait: !portrait,
        storageKey,
        originalName: file.fileName.slice(0, 200),
        width: photo.width,
        height: photo.height,
        bytes: file.data.length,
      });
      await recordAudit(tx, caller, 'create', 'photo', row, { studentId: student.id, originalName: row.originalName, isPortrait: row.isPortrait });
      return row;
    });
  } catch (error) {
    await store.remove(storageKey);
    throw error;
  }
}

export interface PhotoLimits {
  maxPixels: number;
}

const noFile = () => badRequest(tr.students.photos.noFile, { file: tr.students.photos.noFile });

/** Stores one student's uploaded photos; every file is checked before any is stored, so one bad file stores nothing. */
export async function addPhotos(db: Db, store: FileStore, caller: Caller, student: StudentRow, files: UploadedFile[], limits: PhotoLimits) {
  if (!files.length) throw noFile();
  const derived = [];
  for (const file of files) derived.push({ file, photo: await derivePhoto(file.data, limits) });
  const saved: PhotoRow[] = [];
  for (const { file, photo } of derived) saved.push(await savePhoto(db, store, caller, student, photo, file));
  return saved;
}

/**
 * A shoot's photos for a school or a branch. Each goes to the student its file name gives: the
 * index file's row for it when one was sent (field `index`), otherwise the school number in the
 * name. Unmatched or unreadable files are listed with the reason, never dropped silently.
 */
export async function addShootPhotos(
  db: Db,
  store: FileStore,
  caller: Caller,
  scope: BulkScope,
  uploads: UploadedFile[],
  limits: PhotoLimits,
): Promise<Omit<BulkPhotoResult, 'success'>> {
  const indexFile = uploads.find((f) => f.fieldName === 'index');
  const files = uploads.filter((f) => f.fieldName !== 'index');
  if (!files.length) throw noFile();
  const index = indexFile ? readPhotoIndex(indexFile.data) : null;
  const target = await bulkTargets(db, scope, files, index);
  const matched: BulkPhotoResult['matched'] = [];
  const unmatched: BulkPhotoResult['unmatched'] = [];
  for (const file of files) {
    const found = target(file.fileName);
    if ('reason' in found) {
      unmatched.push({ fileName: file.fileName, reason: found.reason });
      continue;
    }
    try {
      const photo = await derivePhoto(file.data, limits);
      await savePhoto(db, store, caller, found.student, photo, file);
      matched.push({ fileName: file.fileName, studentId: found.student.id, schoolNumber: found.student.schoolNumber });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      unmatched.push({ fileName: file.fileName, reason: error.message });
    }
  }
  return { matched, unmatched };
}

/** Makes the photo its student's portrait (the one the lists show). */
export async function setPortrait(db: Db, caller: Caller, photo: PhotoRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(photos).set({ isPortrait: false }).where(eq(photos.studentId, photo.studentId));
    await tx.update(photos).set({ isPortrait: true }).where(eq(photos.id, photo.id));
    await recordAudit(tx, caller, 'portrait', 'photo', photo, { studentId: photo.studentId });
  });
}

export async function deletePhoto(db: Db, store: FileStore, caller: Caller, photo: PhotoRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(photos).where(eq(photos.id, photo.id));
    if (photo.isPortrait) {
      // The next photo becomes the portrait, so a student with photos always has one.
      const [next] = await tx.select({ id: photos.id }).from(photos).where(eq(photos.studentId, photo.studentId)).orderBy(photos.id).limit(1);
      if (next) await tx.update(photos).set({ isPortrait: true }).where(eq(photos.id, next.id));
    }
    await recordAudit(tx, caller, 'delete', 'photo', photo, { studentId: photo.studentId, originalName: photo.originalName });
  });
  await removePhotoFiles(store, [photo.storageKey]);
}
