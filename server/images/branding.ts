/**
 * Logos and cover images: checked by their content (sharp decodes them) to really be an image,
 * then normalised to WebP no larger than their kind allows. They are kept in the public image
 * store under a key made of the kind and the owner's id.
 */
import sharp from 'sharp';
import { tr } from '../../common/tr';
import { badRequest } from '../core/errors';

export const IMAGE_KINDS = ['studio-logo', 'school-logo', 'design-cover'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const MAX_SIDE: Record<ImageKind, number> = {
  'studio-logo': 512,
  'school-logo': 512,
  'design-cover': 1600,
};
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

/** Where an owner's image of a kind is kept in the image store. */
export const imageKey = (kind: ImageKind, id: number) => `${kind}/${id}.webp`;

/** Decodes the bytes as an image and re-encodes them as WebP no larger than the kind allows; `notImage` is the 400's message. */
export async function normaliseImage(bytes: Buffer, kind: ImageKind, notImage: { field: string; message: string }): Promise<Buffer> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new Error('not an image');
    const side = MAX_SIDE[kind];
    return await sharp(bytes).rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw badRequest(notImage.message, { [notImage.field]: notImage.message });
  }
}

/** The message of an uploaded logo or cover that is no image. */
export const uploadNotImage = { field: 'file', message: tr.studio.notImage };

/** The upload limits of a logo or cover of at most `maxMb` megabytes. */
export const imageUpload = (maxMb: number) => ({ maxFileBytes: maxMb * 1024 * 1024, tooLarge: tr.studio.tooLarge(maxMb), noFile: tr.studio.noFile });
