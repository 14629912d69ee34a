/**
 * Demo portraits for the demo seed: drawn silhouettes (no real children's faces, no fonts
 * needed), run through the same derivation as an upload and stored like one.
 *
 * Each branch's first five students by number are left for the retake day, so every demo list
 * shows both states on its first page ("Fotoğrafı olmayan" has rows); after them four in five
 * have a portrait. Browser tests rely on the first students having none.
 */
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { photos, students } from '../../db/schema';
import { seededRandom } from '../../db/seed/random';
import { derivePhoto, type DerivedPhoto } from '../../images/photos';
import type { FileStore } from '../../storage/store';
import { newPhotoKey, putPhotoFiles } from './writes';

const LEFT_FOR_RETAKE = 5;
const BACKGROUNDS = ['#9fb4c7', '#c7b49f', '#a9c79f', '#c79fb8', '#b8b8b8', '#9fc7c3'];
const SHIRTS = ['#2f3e55', '#5a2f2f', '#2f5540', '#444444'];
const HAIR = ['#2b1d14', '#4a3222', '#6b4a2b', '#1a1a1a'];

function portraitSvg(background: string, shirt: string, hair: string, longHair: boolean): Buffer {
  const hairShape = longHair
    ? '<path d="M170 250 Q170 120 240 118 Q310 120 310 250 L318 420 Q300 440 285 400 L290 260 Q240 215 190 260 L195 400 Q180 440 162 420 Z"/>'
    : '<path d="M172 245 Q170 125 240 120 Q312 125 308 245 Q300 190 240 185 Q180 190 172 245 Z"/>';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640" viewBox="0 0 480 640">
      <rect width="480" height="640" fill="${background}"/>
      <ellipse cx="240" cy="640" rx="200" ry="170" fill="${shirt}"/>
      <rect x="212" y="330" width="56" height="70" fill="#e2b48f"/>
      <ellipse cx="240" cy="250" rx="68" ry="88" fill="#efc39d"/>
      <g fill="${hair}">${hairShape}</g>
    </svg>`,
  );
}

/** The row of a student's portrait stored under `storageKey`, as the seeds write it (no upload, no audit). */
export const portraitValues = (
  student: Pick<typeof students.$inferSelect, 'id' | 'studioId' | 'schoolId' | 'branchId'>,
  storageKey: string,
  file: { width: number; height: number; bytes: number },
) => ({
  studioId: student.studioId,
  schoolId: student.schoolId,
  branchId: student.branchId,
  studentId: student.id,
  isPortrait: true,
  storageKey,
  ...file,
});

/** Gives the demo students portraits; answers how many. */
export async function seedDemoPhotos(db: Db, store: FileStore): Promise<number> {
  const rand = seededRandom(4242);
  // Each drawn portrait with the size of the JPEG handed over, as an upload records it.
  const variants = new Map<string, Promise<{ photo: DerivedPhoto; bytes: number }>>();
  const variant = (gender: string) => {
    const background = rand.pick(BACKGROUNDS);
    const shirt = rand.pick(SHIRTS);
    const hair = rand.pick(HAIR);
    const key = `${gender}:${background}:${shirt}:${hair}`;
    let photo = variants.get(key);
    if (!photo) {
      // Drawn as SVG, handed over as a camera would: a JPEG (uploads never accept SVG).
      const svg = portraitSvg(background, shirt, hair, gender === 'female');
      photo = sharp(svg)
        .jpeg({ quality: 90 })
        .toBuffer()
        .then(async (jpeg) => ({ photo: await derivePhoto(jpeg, { maxPixels: 1_000_000 }), bytes: jpeg.length }));
      variants.set(key, photo);
    }
    return photo;
  };

  // In each branch by number as the list shows it (numbers compare as numbers: 99 before 100).
  const byNumber = (n: string) => n.padStart(12, '0');
  const rows = (await db.select().from(students).orderBy(asc(students.id))).sort(
    (a, b) => a.branchId - b.branchId || (byNumber(a.schoolNumber) < byNumber(b.schoolNumber) ? -1 : 1),
  );
  const seen = new Map<number, number>();
  const values: Array<typeof photos.$inferInsert> = [];
  for (const student of rows) {
    const position = seen.get(student.branchId) ?? 0;
    seen.set(student.branchId, position + 1);
    if (position < LEFT_FOR_RETAKE || !rand.chance(0.8)) continue;
    const { photo, bytes } = await variant(student.gender);
    const storageKey = newPhotoKey(student.studioId);
    await putPhotoFiles(store, storageKey, photo);
    values.push({ ...portraitValues(student, storageKey, { width: photo.width, height: photo.height, bytes }), originalName: `${student.schoolNumber}.jpg` });
  }
  if (values.length) await db.insert(photos).values(values);
  return values.length;
}
