/**
 * Writing photos: storing uploads (one student's, or a shoot's matched to students), choosing
 * the portrait, deleting; each with its audit entry. Files are written before their row, under
 * the upload's incoming folder, and moved to their place in the transaction that writes the row:
 * a row never points at a missing file, and a file among the photos always has its row.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { BulkPhotoResult } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import type { PhotoRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { photos } from '../../db/schema';
import { HttpError, badRequest } from '../../core/errors';
import { DERIVED_SIZES, derivePhoto, filesMade, photoContent, type DerivedPhoto, type StoredSize } from '../../images/photos';
import { incomingKey } from '../../storage/incoming';
import type { FileStore } from '../../storage/store';
import type { SpooledFile } from '../../storage/uploads';
import { recordAudit } from '../../core/audit';
import { bulkTargets, type BulkScope } from './bulkMatch';
import { readPhotoIndex } from './photoIndex';
import { fileKey } from './queries';

/** A new photo's folder: a random name, so photo files are never reachable by guessing a path. */
export const newPhotoKey = (studioId: number) => `photos/s${studioId}/${randomBytes(16).toString('hex')}`;

/** Puts every size of a derived photo into the store under the folder `storageKey`. */
export async function putPhotoFiles(store: FileStore, storageKey: string, photo: DerivedPhoto): Promise<void> {
  await Promise.all(
    (Object.keys(DERIVED_SIZES) as StoredSize[]).map((size) => {
      const bytes = photo.files[size];
      const key = fileKey(storageKey, size);
      return !Buffer.isBuffer(bytes) && !('header' in bytes) ? store.putFile(key, bytes.file) : store.put(key, photoContent(bytes));
    }),
  );
}

export async function removePhotoFiles(store: FileStore, storageKeys: string[]) {
  await Promise.all(storageKeys.map((key) => store.remove(key)));
}

/** A photo's files in the store, waiting under `incoming` for their row (which names `storageKey`). */
export interface StoredPhoto {
  storageKey: string;
  incoming: string;
  width: number;
  height: number;
  file: SpooledFile;
}

/**
 * Makes the sizes of one uploaded file (in its turn, see derivePhoto) and puts them into the store
 * under `incoming` for the folder `storageKey`, so no batch's pictures wait in memory.
 */
async function storePhoto(store: FileStore, storageKey: string, file: SpooledFile, limits: PhotoLimits): Promise<StoredPhoto> {
  const photo = await derivePhoto(file.path, limits, { stripped: file.stripped });
  const incoming = incomingKey(storageKey);
  try {
    await putPhotoFiles(store, incoming, photo);
    return { storageKey, incoming, width: photo.width, height: photo.height, file };
  } catch (error) {
    await store.remove(incoming);
    throw error;
  } finally {
    // Its sizes' files leave the upload's temporary folder at once, not with the whole batch.
    await Promise.all(filesMade(photo, file.path).map((made) => fs.rm(made, { force: true })));
  }
}

/**
 * Writes a stored photo's row with `write` and moves its files to their place in the same
 * transaction: a row never names missing files; if the write fails, the files are removed.
 */
export async function saveStored<T>(db: Db, store: FileStore, stored: StoredPhoto, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const row = await write(tx);
      // The files take their place last: if the commit fails they are removed below, if the process dies now a start finds them without a row.
      await store.move(stored.incoming, stored.storageKey);
      return row;
    });
  } catch (error) {
    await removePhotoFiles(store, [stored.storageKey, stored.incoming]);
    throw error;
  }
}

/** Writes the row of stored files; the first photo of a student becomes the portrait. */
async function savePhoto(db: Db, store: FileStore, caller: Caller, student: StudentRow, stored: StoredPhoto): Promise<PhotoRow> {
  const { storageKey, file } = stored;
  return saveStored(db, store, stored, async (tx) => {
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
      width: stored.width,
      height: stored.height,
      bytes: file.bytes,
    });
    await recordAudit(tx, caller, 'create', 'photo', row, { studentId: student.id, originalName: row.originalName, isPortrait: row.isPortrait });
    return row;
  });
}

export interface PhotoLimits {
  maxPixels: number;
}

const noFile = () => badRequest(tr.students.photos.noFile, { file: tr.students.photos.noFile });

/**
 * Makes and stores every file before any row is written, so one bad file stores nothing: its
 * siblings' files are removed again and its error is thrown.
 */
export async function storeAll(store: FileStore, files: SpooledFile[], newKey: () => string, limits: PhotoLimits): Promise<StoredPhoto[]> {
  if (!files.length) throw noFile();
  const results = await Promise.allSettled(files.map((file) => storePhoto(store, newKey(), file, limits)));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await removePhotoFiles(
      store,
      results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.incoming] : [])),
    );
    throw failed.reason;
  }
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

/** Saves stored photos in order (each with `save`, see saveStored); when one fails, the files of those after it are removed. */
export async function saveAll<T>(store: FileStore, stored: StoredPhoto[], save: (photo: StoredPhoto) => Promise<T>): Promise<T[]> {
  const saved: T[] = [];
  try {
    for (const photo of stored) saved.push(await save(photo));
  } catch (error) {
    // The failed one cleared its own files; those after it wait for no row any more.
    await removePhotoFiles(
      store,
      stored.slice(saved.length + 1).map((photo) => photo.incoming),
    );
    throw error;
  }
  return saved;
}

/** Stores one student's uploaded photos, all or none (see storeAll). */
export async function addPhotos(db: Db, store: FileStore, caller: Caller, student: StudentRow, files: SpooledFile[], limits: PhotoLimits) {
  const stored = await storeAll(store, files, () => newPhotoKey(student.studioId), limits);
  return saveAll(store, stored, (photo) => savePhoto(db, store, caller, student, photo));
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
  uploads: SpooledFile[],
  limits: PhotoLimits,
): Promise<Omit<BulkPhotoResult, 'success'>> {
  const indexFile = uploads.find((f) => f.fieldName === 'index');
  const files = uploads.filter((f) => f.fieldName !== 'index');
  if (!files.length) throw noFile();
  const index = indexFile ? readPhotoIndex(await fs.readFile(indexFile.path)) : null;
  const target = await bulkTargets(db, scope, files, index);
  // Files are made in parallel (bounded by derivePhoto's turns); rows are written in the upload's order.
  type Outcome = { file: SpooledFile; reason: string } | { file: SpooledFile; student: StudentRow; stored: StoredPhoto };
  const settled = await Promise.allSettled(
    files.map(async (file): Promise<Outcome> => {
      const found = target(file.fileName);
      if ('reason' in found) return { file, reason: found.reason };
      try {
        return { file, student: found.student, stored: await storePhoto(store, newPhotoKey(found.student.studioId), file, limits) };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return { file, reason: error.message };
      }
    }),
  );
  const outcomes = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  // Files stored for rows not written yet: removed again if the upload ends in an error.
  const pending = new Set(outcomes.flatMap((o) => ('stored' in o ? [o.stored.incoming] : [])));
  const failed = settled.find((r) => r.status === 'rejected');
  try {
    if (failed) throw failed.reason;
    const matched: BulkPhotoResult['matched'] = [];
    const unmatched: BulkPhotoResult['unmatched'] = [];
    for (const outcome of outcomes) {
      if ('reason' in outcome) {
        unmatched.push({ fileName: outcome.file.fileName, reason: outcome.reason });
        continue;
      }
      pending.delete(outcome.stored.incoming);
      await savePhoto(db, store, caller, outcome.student, outcome.stored);
      matched.push({ fileName: outcome.file.fileName, studentId: outcome.student.id, schoolNumber: outcome.student.schoolNumber });
    }
    return { matched, unmatched };
  } catch (error) {
    await removePhotoFiles(store, [...pending]);
    throw error;
  }
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
