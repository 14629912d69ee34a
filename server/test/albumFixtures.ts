/**
 * Event album rows for tests of what reads them (coverage, event pages, the book, the portal):
 * an album, its photos (with their files in the store, as an upload leaves them) and confirmed
 * tags, written straight into the tables.
 */
import sharp from 'sharp';
import { albumPhotos, type albums, photoTags } from '../db/schema';
import { insertOne } from '../db/rows';
import type { Db } from '../db/client';
import type { Storage } from '../storage/store';
import { insertAlbum as insertAlbumRow } from '../areas/albums/seedRows';
import { photoPlace } from '../areas/albums/writes';

const sizes = ['thumb', 'display', 'download', 'original'] as const;

/** A school's album, or a branch's (`branchId`). */
export async function insertAlbum(db: Db, place: { studioId: number; schoolId: number; branchId?: number | null }, name = 'Mezuniyet Gecesi 🎓') {
  return insertAlbumRow(db, { ...place, branchId: place.branchId ?? null }, name, { eventDate: '2026-06-12' });
}

/**
 * A photo of the album (`status` approved unless told) with its stored sizes: a flat JPEG of the
 * given colour, `width` × `height` pixels for the original.
 */
export async function insertAlbumPhoto(
  db: Db,
  storage: Storage,
  album: typeof albums.$inferSelect,
  options: { caption?: string; status?: 'approved' | 'pending' | 'rejected'; width?: number; height?: number; colour?: string } = {},
) {
  const { width = 3000, height = 2000, colour = '#2f9e44' } = options;
  const storageKey = `albums/a${album.id}/${Math.random().toString(36).slice(2)}`;
  const image = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: colour } })
      .jpeg({ quality: 80 })
      .toBuffer();
  for (const size of sizes) {
    const scale = size === 'original' || size === 'download' ? 1 : size === 'display' ? 0.4 : 0.1;
    await storage.photos.put(`${storageKey}/${size}.jpg`, await image(Math.round(width * scale), Math.round(height * scale)));
  }
  return insertOne(db, albumPhotos, {
    ...photoPlace(album),
    storageKey,
    originalName: 'IMG_0001.JPG',
    width,
    height,
    bytes: 1000,
    caption: options.caption ?? '',
    status: options.status ?? 'approved',
  });
}

/** Confirmed tags of students on a photo (the student's own branch kept on the tag). */
export async function tagStudents(db: Db, photo: typeof albumPhotos.$inferSelect, people: Array<{ id: number; branchId: number }>) {
  if (!people.length) return;
  await db
    .insert(photoTags)
    .values(people.map((s) => ({ photoId: photo.id, studentId: s.id, studioId: photo.studioId, schoolId: photo.schoolId, branchId: s.branchId })));
}
