/**
 * Writing event albums: the album itself, its photos (uploaded by staff or through an upload
 * link, approved, rejected, captioned, deleted) and its upload links; each with its audit entry.
 * Photos are stored as portraits are (photos/writes.ts: every size made and stored before the
 * row, moved to their place in the row's transaction), under albums/ in the photo store.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { albumBody, albumUpdateBody, uploadLinkBody } from '../../../common/schemas/albums';
import { orderKey, searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { AlbumPhotoRow, AlbumRow, UploadLinkRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { albumPhotos, albums, albumUploadLinks } from '../../db/schema';
import { assertVersion, updateAtVersion } from '../../db/versions';
import { changedFields, recordAudit, recordVisitorAudit } from '../../core/audit';
import { badRequest } from '../../core/errors';
import type { FileStore } from '../../storage/store';
import type { SpooledFile } from '../../storage/uploads';
import { queueFaceScan } from '../faces/scanQueue';
import { removePhotoFiles, saveAll, saveStored, storeAll, type PhotoLimits, type StoredPhoto } from '../photos/writes';
import { albumPhotosAmong, tokenHash } from './queries';

const t = tr.albums;

/** A new album photo's folder: random, as a portrait's is, beside the portraits' folders (photos/…) in the same store. */
export const newAlbumPhotoKey = (studioId: number) => `albums/s${studioId}/${randomBytes(16).toString('hex')}`;

const texts = (body: z.infer<typeof albumBody>) => ({
  name: body.name,
  eventDate: body.eventDate,
  description: body.description,
  searchKey: searchKey(body.name),
  sortKey: orderKey(body.name),
});
const auditable = (row: Pick<AlbumRow, 'name' | 'eventDate' | 'description'>) => ({ name: row.name, eventDate: row.eventDate, description: row.description });

/** Where a new album goes: a school, and one of its branches or none (the whole school). */
export interface NewAlbumPlace {
  studioId: number;
  schoolId: number;
  branchId: number | null;
}

export async function createAlbum(db: Db, caller: Caller, place: NewAlbumPlace, body: z.infer<typeof albumBody>): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await insertOne(tx, albums, { ...place, ...texts(body) });
    await recordAudit(tx, caller, 'create', 'album', row, { ...changedFields({}, auditable(row)), branchId: place.branchId });
    return row.id;
  });
}

export async function updateAlbum(db: Db, caller: Caller, before: AlbumRow, body: z.infer<typeof albumUpdateBody>): Promise<void> {
  assertVersion(before, body.version);
  await db.transaction(async (tx) => {
    const after = await updateAtVersion(tx, albums, before.id, body.version, { ...texts(body), updatedAt: new Date() });
    await recordAudit(tx, caller, 'update', 'album', before, changedFields(auditable(before), auditable(after)));
  });
}

/** Deletes an album with its photos, links, faces, tags and pages (the rows go with it), then its photos' files. */
export async function deleteAlbum(db: Db, store: FileStore, caller: Caller, album: AlbumRow): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const photos = await tx.select({ key: albumPhotos.storageKey }).from(albumPhotos).where(eq(albumPhotos.albumId, album.id));
    await tx.delete(albums).where(eq(albums.id, album.id));
    await recordAudit(tx, caller, 'delete', 'album', album, { name: [album.name, null], photos: photos.length });
    return photos.map((p) => p.key);
  });
  await removePhotoFiles(store, keys);
}

/**
 * Deletes every album of a school or of a branch, with what goes with each (as deleteAlbum), when
 * the school or branch itself is deleted; answers the photos' storage keys, for their files to be
 * removed once the transaction has gone through.
 */
export async function dropAlbumsOf(tx: Tx, place: { schoolId: number } | { branchId: number }): Promise<string[]> {
  const where = 'schoolId' in place ? eq(albums.schoolId, place.schoolId) : eq(albums.branchId, place.branchId);
  const photos = await tx.select({ key: albumPhotos.storageKey }).from(albumPhotos).innerJoin(albums, eq(albums.id, albumPhotos.albumId)).where(where);
  await tx.delete(albums).where(where);
  return photos.map((p) => p.key);
}

/** Who sends photos to an album: a staff member (approved at once) or a named visitor through an upload link (pending). */
/** Where a photo of the album stands: the album's studio, school and branch, kept on the photo for scoping. */
export const photoPlace = (album: Pick<AlbumRow, 'id' | 'studioId' | 'schoolId' | 'branchId'>) => ({
  studioId: album.studioId,
  schoolId: album.schoolId,
  branchId: album.branchId,
  albumId: album.id,
});

export type AlbumUploader = { caller: Caller } | { link: UploadLinkRow; name: string };

/**
 * Stores uploaded photos in an album, all or none (see storeAll). A staff member's are approved
 * at once and handed to face matching; a link's wait for a moderator.
 */
export async function addAlbumPhotos(
  db: Db,
  store: FileStore,
  uploader: AlbumUploader,
  album: AlbumRow,
  files: SpooledFile[],
  limits: PhotoLimits,
): Promise<AlbumPhotoRow[]> {
  const stored = await storeAll(store, files, () => newAlbumPhotoKey(album.studioId), limits);
  const staff = 'caller' in uploader ? uploader.caller : null;
  const save = (photo: StoredPhoto) =>
    saveStored(db, store, photo, async (tx) => {
      const row = await insertOne(tx, albumPhotos, {
        ...photoPlace(album),
        storageKey: photo.storageKey,
        originalName: photo.file.fileName.slice(0, 200),
        width: photo.width,
        height: photo.height,
        bytes: photo.file.bytes,
        ...(staff
          ? { status: 'approved' as const, moderatedBy: staff.userId, moderatedAt: new Date(), uploadedBy: staff.userId }
          : { status: 'pending' as const, uploadLinkId: 'link' in uploader ? uploader.link.id : null, uploaderName: 'name' in uploader ? uploader.name : '' }),
      });
      const changes = { albumId: album.id, originalName: row.originalName, status: row.status };
      if (staff) await recordAudit(tx, staff, 'create', 'album-photo', { id: row.id, schoolId: album.schoolId }, changes);
      else
        await recordVisitorAudit(tx, { studioId: album.studioId, schoolId: album.schoolId, name: row.uploaderName }, 'create', 'album-photo', row.id, changes);
      return row;
    });
  const saved = await saveAll(store, stored, save);
  if (staff) await queueFaceScan(db, { id: album.schoolId, studioId: album.studioId }, staff.userId);
  return saved;
}

/** The album's photos the ids name, or a 400 (nothing changed) when one of them is not the album's. */
async function photosOfAlbum(db: Db, album: AlbumRow, ids: number[]): Promise<AlbumPhotoRow[]> {
  const unique = [...new Set(ids)];
  const rows = await albumPhotosAmong(db, album.id, unique);
  if (rows.length !== unique.length) throw badRequest(t.photos.notInAlbum, { ids: t.photos.notInAlbum });
  return rows;
}

/**
 * Approves or rejects photos that wait for a moderator (sent through a link); one already decided
 * among them is a 400 and nothing changes. Approved photos go to face matching.
 */
export async function decideAlbumPhotos(db: Db, caller: Caller, album: AlbumRow, ids: number[], status: 'approved' | 'rejected'): Promise<number> {
  const rows = await photosOfAlbum(db, album, ids);
  if (rows.some((r) => r.status !== 'pending')) throw badRequest(t.photos.onlyPending, { ids: t.photos.onlyPending });
  const changed = await db.transaction(async (tx) => {
    const updated = await tx
      .update(albumPhotos)
      .set({ status, moderatedBy: caller.userId, moderatedAt: new Date() })
      .where(
        and(
          inArray(
            albumPhotos.id,
            rows.map((r) => r.id),
          ),
          eq(albumPhotos.status, 'pending'),
        ),
      )
      .returning({ id: albumPhotos.id });
    // Another moderator decided one of them meanwhile: nothing of this decision is kept.
    if (updated.length !== rows.length) throw badRequest(t.photos.onlyPending, { ids: t.photos.onlyPending });
    await recordAudit(
      tx,
      caller,
      status === 'approved' ? 'approve' : 'reject',
      'album-photo',
      { id: null, schoolId: album.schoolId },
      {
        albumId: album.id,
        ids: updated.map((u) => u.id),
      },
    );
    return updated.length;
  });
  if (status === 'approved') await queueFaceScan(db, { id: album.schoolId, studioId: album.studioId }, caller.userId);
  return changed;
}

/** Deletes photos of an album (their faces and tags go with them), then their files. */
export async function deleteAlbumPhotos(db: Db, store: FileStore, caller: Caller, album: AlbumRow, ids: number[]): Promise<number> {
  const rows = await photosOfAlbum(db, album, ids);
  await db.transaction(async (tx) => {
    await tx.delete(albumPhotos).where(
      inArray(
        albumPhotos.id,
        rows.map((r) => r.id),
      ),
    );
    await recordAudit(tx, caller, 'delete', 'album-photo', { id: null, schoolId: album.schoolId }, { albumId: album.id, ids: rows.map((r) => r.id) });
  });
  await removePhotoFiles(
    store,
    rows.map((r) => r.storageKey),
  );
  return rows.length;
}

export async function setAlbumPhotoCaption(db: Db, caller: Caller, photo: AlbumPhotoRow, caption: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(albumPhotos).set({ caption }).where(eq(albumPhotos.id, photo.id));
    await recordAudit(tx, caller, 'update', 'album-photo', { id: photo.id, schoolId: photo.schoolId }, changedFields({ caption: photo.caption }, { caption }));
  });
}

/** A new upload link: a random token, of which only the hash is kept; answers the row and the token (shown this once). */
export async function createUploadLink(db: Db, caller: Caller, album: AlbumRow, body: z.infer<typeof uploadLinkBody>) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + body.days * 24 * 60 * 60 * 1000);
  const row = await db.transaction(async (tx) => {
    const link = await insertOne(tx, albumUploadLinks, {
      studioId: album.studioId,
      schoolId: album.schoolId,
      albumId: album.id,
      tokenHash: tokenHash(token),
      label: body.label,
      expiresAt,
      createdBy: caller.userId,
    });
    await recordAudit(tx, caller, 'create', 'album-link', { id: link.id, schoolId: album.schoolId }, { albumId: album.id, label: body.label, expiresAt });
    return link;
  });
  return { row, token };
}

/** Stops a link at once; what came through it stays. Revoking one already revoked changes nothing. */
export async function revokeUploadLink(db: Db, caller: Caller, link: UploadLinkRow): Promise<UploadLinkRow> {
  if (link.revokedAt) return link;
  return db.transaction(async (tx) => {
    const [row] = await tx.update(albumUploadLinks).set({ revokedAt: new Date() }).where(eq(albumUploadLinks.id, link.id)).returning();
    await recordAudit(tx, caller, 'revoke', 'album-link', { id: link.id, schoolId: link.schoolId }, { albumId: link.albumId });
    return row!;
  });
}
