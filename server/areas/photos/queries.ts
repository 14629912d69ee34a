/** Photos of students: listing, one photo as the API answers it, and a stored size's bytes. */
import { asc, desc, eq } from 'drizzle-orm';
import type { PhotoItem, PhotoSize } from '../../../common/schemas/students';
import type { PhotoRow } from '../../auth/access';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import { notFound } from '../../core/errors';
import type { StoredSize } from '../../images/photos';
import type { UrlSigner } from '../../storage/signedUrl';
import type { FileStore } from '../../storage/store';

/** Where one size of a photo is in the photo store. */
export const fileKey = (storageKey: string, size: StoredSize) => `${storageKey}/${size}.jpg`;

export async function photosOf(db: Db, studentId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.studentId, studentId)).orderBy(desc(photos.isPortrait), asc(photos.id));
}

/** A photo by id alone, for a signed URL (the signature stands for the scope check). */
export async function photoById(db: Db, id: number): Promise<PhotoRow> {
  const [row] = await db.select().from(photos).where(eq(photos.id, id));
  if (!row) throw notFound();
  return row;
}

/** The bytes of one stored size of a photo, or 404. */
export async function photoFile(store: FileStore, row: { storageKey: string }, size: PhotoSize): Promise<Buffer> {
  const data = await store.get(fileKey(row.storageKey, size));
  if (!data) throw notFound();
  return data;
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
