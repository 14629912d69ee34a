/** Photos of students: storing a processed upload, listing, portrait choice, removal. */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PhotoItem } from '../../../common/schemas/students';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import type { UrlSigner } from '../files/signedUrl';
import type { FileStore } from '../files/store';
import { recordAudit } from '../audit/record';
import type { StudentRow } from '../../auth/access';
import { DERIVED_SIZES, type DerivedPhoto, type StoredSize } from './images';

export type PhotoRow = typeof photos.$inferSelect;

export const fileKey = (storageKey: string, size: StoredSize) => `${storageKey}/${size}.jpg`;

export async function removePhotoFiles(store: FileStore, storageKeys: string[]) {
  await Promise.all(storageKeys.map((key) => store.remove(key)));
}

/** Writes the files first, then the row; the first photo of a student becomes the portrait. */
export async function savePhoto(
  db: Db,
  store: FileStore,
  caller: Caller,
  student: StudentRow,
  photo: DerivedPhoto,
  originalName: string,
  bytes: number,
): Promise<PhotoRow> {
  // A random folder name: photo files are never reachable by guessing a path.
  const storageKey = `photos/s${student.studioId}/${randomBytes(16).toString('hex')}`;
  await Promise.all((Object.keys(DERIVED_SIZES) as StoredSize[]).map((size) => store.put(fileKey(storageKey, size), photo.files[size])));
  try {
    return await db.transaction(async (tx) => {
      const [portrait] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.studentId, student.id), eq(photos.isPortrait, true)));
      const [row] = await tx
        .insert(photos)
        .values({
          studioId: student.studioId,
          schoolId: student.schoolId,
          branchId: student.branchId,
          studentId: student.id,
          isPortrait: !portrait,
          storageKey,
          originalName: originalName.slice(0, 200),
          width: photo.width,
          height: photo.height,
          bytes,
        })
        .returning();
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'photo',
        entityId: row.id,
        schoolId: student.schoolId,
        changes: { studentId: student.id, originalName: row.originalName, isPortrait: row.isPortrait },
      });
      return row;
    });
  } catch (error) {
    await store.remove(storageKey);
    throw error;
  }
}

export async function photosOf(db: Db, studentId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.studentId, studentId)).orderBy(desc(photos.isPortrait), asc(photos.id));
}

export function photoItemOf(row: PhotoRow, signer: UrlSigner, level: string): PhotoItem {
  return {
    id: row.id,
    studentId: row.studentId,
    isPortrait: row.isPortrait,
    originalName: row.originalName,
    width: row.width,
    height: row.height,
    thumbUrl: signer.url(level, row.id, 'thumb'),
    photoUrl: signer.url(level, row.id, 'display'),
    downloadUrl: signer.url(level, row.id, 'download'),
  };
}
