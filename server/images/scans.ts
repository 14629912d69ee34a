/**
 * A paper form's scan as it is kept: upright, at most 2400 px on its longer side (an A4 page read
 * at 200 dpi), re-encoded as JPEG, which leaves every metadata segment (camera, place, time) behind.
 */
import sharp from 'sharp';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const LONGEST_SIDE = 2400;

/** The stored JPEG of an uploaded scan; null when the bytes are not an accepted image or are larger than `maxPixels`. */
export async function scanJpeg(bytes: Buffer, maxPixels: number): Promise<Buffer | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    return await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}
