/**
 * Test fixtures of face matching: a student's portrait put straight into the database and the
 * file store (the faces themselves come from areas/faces/samples.ts, album rows from
 * areas/albums/seedRows.ts).
 */
import sharp from 'sharp';
import type { Db } from '../db/client';
import { insertOne } from '../db/rows';
import { photos } from '../db/schema';
import type { FileStore } from '../storage/store';
import { portraitValues } from '../areas/photos/demoSeed';
import { fileKey } from '../areas/photos/queries';
import { newPhotoKey } from '../areas/photos/writes';

/** A student's portrait: a photo row and its 1280 px copy in the store. */
export async function insertPortrait(db: Db, store: FileStore, student: { id: number; studioId: number; schoolId: number; branchId: number }, image: Buffer) {
  const storageKey = newPhotoKey(student.studioId);
  await store.put(fileKey(storageKey, 'display'), image);
  const { width, height } = await sharp(image).metadata();
  return insertOne(db, photos, portraitValues(student, storageKey, { width: width!, height: height!, bytes: image.length }));
}
