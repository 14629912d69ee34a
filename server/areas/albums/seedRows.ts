/**
 * Event album rows written straight into the tables (no caller, no audit, no face scan queued),
 * for the demo seed, the tests of what reads albums and the benches; the upload path is writes.ts.
 */
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { insertOne } from '../../db/rows';
import { albumPhotos, albums } from '../../db/schema';
import type { FileStore } from '../../storage/store';
import { fileKey } from '../photos/queries';
import { newAlbumPhotoKey, photoPlace, type NewAlbumPlace } from './writes';

/** An album of the place, `name` lower-cased its search and sort key. */
export async function insertAlbum(db: Db, place: NewAlbumPlace, name = 'Bahar şenliği', fields: { eventDate?: string } = {}) {
  return insertOne(db, albums, { ...place, ...fields, name, searchKey: name.toLowerCase(), sortKey: name.toLowerCase() });
}

/** An approved album photo waiting for its scan, `image` stored as its one size (as an upload leaves it, sizes aside). */
export async function insertAlbumPhoto(
  db: Db,
  store: FileStore,
  album: Parameters<typeof photoPlace>[0],
  image: Buffer,
  size: 'original' | 'display' = 'display',
) {
  const storageKey = newAlbumPhotoKey(album.studioId);
  await store.put(fileKey(storageKey, size), image);
  const { width, height } = await sharp(image).metadata();
  return insertOne(db, albumPhotos, { ...photoPlace(album), storageKey, width: width!, height: height!, bytes: image.length, status: 'approved' });
}
