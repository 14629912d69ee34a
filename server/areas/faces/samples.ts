/**
 * Real faces for the face-matching demo, tests and benches: the group photos that ship with
 * `@vladmandic/face-api` (a development package: an install without it has none), where their
 * people are, and portraits and group pictures cut and put together from them, so nothing is
 * downloaded and no child's face is used.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';
import type { FaceBox } from '../../images/faceModel';

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
