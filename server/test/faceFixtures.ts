/**
 * Test fixtures of face matching, shared by the area's tests, the browser test's seed and the
 * benches: event albums and their photos put straight into the database and the file store (the
 * upload path is the albums area's), and faces cut from the group photos that ship with
 * `@vladmandic/face-api`, so every face is a real person's and nothing is downloaded.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { insertOne } from '../db/rows';
import { albumPhotos, albums, photos } from '../db/schema';
import type { FaceBox } from '../images/faceModel';
import type { FileStore } from '../storage/store';
import { fileKey } from '../areas/photos/queries';

const demo = path.join(path.dirname(fileURLToPath(import.meta.resolve('@vladmandic/face-api'))), '..', 'demo');
/** One of the package's six group photos (1..6). */
export const samplePhoto = (n: number) => path.join(demo, `sample${n}.jpg`);

/** Where the people of sample1.jpg are, as the detector finds them: three faces, left to right. */
export const SAMPLE1_FACES: FaceBox[] = [
  { x: 0.17, y: 0.25, width: 0.19, height: 0.28 },
  { x: 0.4, y: 0.3, width: 0.17, height: 0.26 },
  { x: 0.75, y: 0.16, width: 0.15, height: 0.22 },
];

/** A face cut from a photo with a margin around it (a head-and-shoulders portrait), `side` pixels square. */
export async function faceCut(file: string, box: FaceBox, side: number, options: { mirror?: boolean } = {}): Promise<Buffer> {
  const meta = await sharp(file).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const size = Math.round(Math.max(box.width * w, box.height * h) * 1.6);
  const left = Math.round(Math.min(Math.max(0, (box.x + box.width / 2) * w - size / 2), w - size));
  const top = Math.round(Math.min(Math.max(0, (box.y + box.height / 2) * h - size / 2), h - size));
  const cut = sharp(file).extract({ left, top, width: size, height: size }).resize(side, side);
  return (options.mirror ? cut.flop() : cut).jpeg({ quality: 85 }).toBuffer();
}

/** Pictures side by side on a grey background, as one JPEG. */
export async function sideBySide(pictures: Buffer[], side: number): Promise<Buffer> {
  const gap = Math.round(side / 4);
  return sharp({ create: { width: pictures.length * (side + gap) + gap, height: side + 2 * gap, channels: 3, background: '#8a8f95' } })
    .composite(pictures.map((input, i) => ({ input, left: gap + i * (side + gap), top: gap })))
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A student's portrait: a photo row and its 1280 px copy in the store. */
export async function insertPortrait(db: Db, store: FileStore, student: { id: number; studioId: number; schoolId: number; branchId: number }, image: Buffer) {
  const storageKey = `photos/s${student.studioId}/${randomBytes(16).toString('hex')}`;
  await store.put(fileKey(storageKey, 'display'), image);
  const { width, height } = await sharp(image).metadata();
  return insertOne(db, photos, {
    studioId: student.studioId,
    schoolId: student.schoolId,
    branchId: student.branchId,
    studentId: student.id,
    isPortrait: true,
    storageKey,
    width: width!,
    height: height!,
    bytes: image.length,
  });
}

export async function insertAlbum(db: Db, place: { studioId: number; schoolId: number; branchId: number | null }, name = 'Bahar şenliği') {
  return insertOne(db, albums, { ...place, name, searchKey: name.toLowerCase(), sortKey: name.toLowerCase() });
}

/** An approved album photo waiting for its scan, its original in the store (as an upload leaves it, sizes aside). */
export async function insertAlbumPhoto(
  db: Db,
  store: FileStore,
  album: { id: number; studioId: number; schoolId: number; branchId: number | null },
  image: Buffer,
  size: 'original' | 'display' = 'display',
) {
  const storageKey = `albums/s${album.studioId}/${randomBytes(16).toString('hex')}`;
  await store.put(fileKey(storageKey, size), image);
  const { width, height } = await sharp(image).metadata();
  return insertOne(db, albumPhotos, {
    studioId: album.studioId,
    schoolId: album.schoolId,
    branchId: album.branchId,
    albumId: album.id,
    storageKey,
    width: width!,
    height: height!,
    bytes: image.length,
    status: 'approved',
  });
}
