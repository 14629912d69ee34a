/**
 * The demo's event album for face matching: "Bahar Şenliği" of the first branch, two approved
 * photos of three people of the face package's first group photo, whose faces become the
 * portraits of three of the branch's students, with their parents' face-matching consent. Its
 * photos wait for a scan, which staff start from the review screen ("Yüzleri tara"): a scan on
 * every first start would weigh on the start's memory.
 */
import { asc, and, eq } from 'drizzle-orm';
import fs from 'node:fs';
import type { Db } from '../../db/client';
import { photos, students } from '../../db/schema';
import { derivePhoto } from '../../images/photos';
import type { FileStore } from '../../storage/store';
import { insertAlbum, insertAlbumPhoto } from '../albums/seedRows';
import { faceCut, SAMPLE1_FACES, samplePhoto, sideBySide } from './samples';
import { recordConsent } from '../consents/records';
import { putPhotoFiles } from '../photos/writes';

const DEMO_ALBUM = 'Bahar Şenliği 🌸';

export async function seedDemoFaces(db: Db, store: FileStore): Promise<void> {
  // The group photos come with a development package: an install without it has no face demo.
  if (!fs.existsSync(samplePhoto(1))) return;
  const [first] = await db.select({ branchId: students.branchId }).from(students).orderBy(asc(students.branchId)).limit(1);
  if (!first) return;
  const withPortraits = await db
    .select({ student: students, photo: photos })
    .from(students)
    .innerJoin(photos, and(eq(photos.studentId, students.id), eq(photos.isPortrait, true)))
    .where(eq(students.branchId, first.branchId))
    .orderBy(asc(students.id))
    .limit(SAMPLE1_FACES.length);
  for (const [i, { student, photo }] of withPortraits.entries()) {
    const portrait = await faceCut(samplePhoto(1), SAMPLE1_FACES[i]!, 600);
    const derived = await derivePhoto(portrait, { maxPixels: 1_000_000 });
    await putPhotoFiles(store, photo.storageKey, derived);
    await db.update(photos).set({ width: derived.width, height: derived.height, bytes: portrait.length }).where(eq(photos.id, photo.id));
    await db.transaction((tx) =>
      recordConsent(tx, student, {
        purpose: 'face-matching',
        answer: 'yes',
        givenByName: 'Demo Velisi',
        relation: 'anne',
        channel: 'paper',
        textVersion: 'varsayılan',
      }),
    );
  }
  const place = withPortraits[0]?.student;
  if (!place) return;
  const album = await insertAlbum(db, { studioId: place.studioId, schoolId: place.schoolId, branchId: place.branchId }, DEMO_ALBUM);
  const mirrored = await Promise.all(SAMPLE1_FACES.map((box) => faceCut(samplePhoto(1), box, 300, { mirror: true })));
  for (const image of [await sideBySide(mirrored, 300), await sideBySide([mirrored[2]!, mirrored[0]!], 300)]) {
    const row = await insertAlbumPhoto(db, store, album, image);
    // Every size an upload leaves, so the album's grid and the event pages' picker show thumbnails.
    await putPhotoFiles(store, row.storageKey, await derivePhoto(image, { maxPixels: 1_000_000 }));
  }
}
