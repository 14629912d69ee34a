/**
 * Images for the printed page: cut to the frame they fill and sized for 300 ppi or a little
 * more at their printed size, from the full-size original; never enlarged (a small original
 * prints below 300 ppi, and the job reports it). Always sRGB JPEG, metadata left behind.
 */
import sharp from 'sharp';
import { TARGET_PPI } from './model';

const MM_PER_INCH = 25.4;
/** Page proofs are drawn at 150 dpi (proofs.ts); their images need a little more, no more. */
const PROOF_PPI = 160;

export interface PrintImage {
  jpeg: Buffer;
  /** The same cut at screen resolution, for the page proofs (drawn from a copy of the book with these). */
  proof: Buffer;
  /** Pixels per inch at the printed size (the lower of the two directions). */
  ppi: number;
  /** The same cut small for a frame of the same proportions (the class panel), when one was asked for. */
  small?: { jpeg: Buffer; proof: Buffer };
}

type Frame = { width: number; height: number };

/**
 * The image cut for its frame; with `smallMm` (a frame of the same proportions, smaller) also a
 * small copy from the same decoded pixels, so that an original is read and decoded once for both.
 */
export async function imageForPrint(source: Buffer, frameMm: Frame, smallMm?: Frame): Promise<PrintImage> {
  const image = sharp(source, { failOn: 'none' }).rotate();
  const meta = await image.metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const sourceWidth = (rotated ? meta.height : meta.width) ?? 0;
  const sourceHeight = (rotated ? meta.width : meta.height) ?? 0;
  const frameWidthIn = frameMm.width / MM_PER_INCH;
  const frameHeightIn = frameMm.height / MM_PER_INCH;
  // The part of the original that fills the frame, at the frame's proportions ("cover").
  const scale = Math.min(sourceWidth / frameWidthIn, sourceHeight / frameHeightIn);
  const ppi = Math.min(scale, TARGET_PPI);
  const width = Math.max(1, Math.round(frameWidthIn * ppi));
  const height = Math.max(1, Math.round(frameHeightIn * ppi));
  // Decoded and cut once; the print and the proof copy are both encoded from these pixels.
  const { data, info } = await image
    .resize({ width, height, fit: 'cover', position: 'attention', withoutEnlargement: true })
    .toColorspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const jpeg = await pixels().jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
  const proofOf = (widthIn: number) =>
    pixels()
      .resize({ width: Math.max(1, Math.round(widthIn * PROOF_PPI)), withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  const proof = await proofOf(frameWidthIn);
  const made: PrintImage = { jpeg, proof, ppi: Math.floor(ppi + 1e-6) };
  if (smallMm) {
    const smallWidthIn = smallMm.width / MM_PER_INCH;
    const small = pixels().resize({
      width: Math.max(1, Math.round(smallWidthIn * TARGET_PPI)),
      height: Math.max(1, Math.round((smallMm.height / MM_PER_INCH) * TARGET_PPI)),
      fit: 'cover',
      withoutEnlargement: true,
    });
    made.small = { jpeg: await small.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer(), proof: await proofOf(smallWidthIn) };
  }
  return made;
}

/** A logo for the cover: PNG (its transparency kept), sRGB, at the size it was stored. */
export async function logoForPrint(source: Buffer): Promise<Buffer> {
  return sharp(source, { failOn: 'none' }).toColorspace('srgb').png().toBuffer();
}
