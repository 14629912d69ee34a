/**
 * Turning an uploaded file into the stored photo: the content decides whether it is an image
 * (not the name or the browser's type), size and pixel limits hold, and every stored copy is
 * re-encoded by sharp, which drops EXIF/XMP/IPTC metadata (GPS of minors must not leak).
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { tr } from '../../common/tr';
import { HttpError } from '../http/errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'tiff']);

/** Stored sizes: the long edge in pixels (null = full size) and the JPEG quality. */
export const DERIVED_SIZES = {
  thumb: { edge: 240, quality: 75 },
  display: { edge: 1280, quality: 82 },
  download: { edge: 3000, quality: 90 },
  original: { edge: null, quality: 95 },
} as const;
export type StoredSize = keyof typeof DERIVED_SIZES;

export interface DerivedPhoto {
  width: number;
  height: number;
  files: Record<StoredSize, Buffer>;
}

const notAnImage = () => new HttpError(400, tr.students.photos.notImage, { file: tr.students.photos.notImage });

export async function derivePhoto(input: Buffer, limits: { maxPixels: number }): Promise<DerivedPhoto> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > limits.maxPixels) {
    const message = tr.students.photos.tooManyPixels(Math.floor(limits.maxPixels / 1_000_000));
    throw new HttpError(413, message, { file: message });
  }
  // One decode, auto-rotated by its EXIF orientation; each size is encoded from it.
  const base = sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' }).rotate();
  let rotated: { data: Buffer; info: OutputInfo };
  try {
    rotated = await base.raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage();
  }
  const { width, height, channels } = rotated.info;
  const raw = () => sharp(rotated.data, { raw: { width, height, channels }, limitInputPixels: false });
  const entries = await Promise.all(
    (Object.keys(DERIVED_SIZES) as StoredSize[]).map(async (size) => {
      const { edge, quality } = DERIVED_SIZES[size];
      let pipeline = raw();
      if (edge) pipeline = pipeline.resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
      // No withMetadata(): sharp writes no EXIF, GPS, XMP or IPTC to its output.
      const data = await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false }).toBuffer();
      return [size, data] as const;
    }),
  );
  return { width, height, files: Object.fromEntries(entries) as Record<StoredSize, Buffer> };
}
