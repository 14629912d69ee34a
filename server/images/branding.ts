/**
 * Logos and cover images: checked by their content (sharp decodes them) to really be an image,
 * then normalised to WebP no larger than their kind allows, for the web. They are kept in the
 * public image store under a key made of the kind and the owner's id. Beside it, out of the web's
 * reach, a print master at the upload's full resolution: a 1600 px cover is 134 ppi on an A4
 * front, so the printed book takes the master.
 */
import sharp from 'sharp';
import { tr } from '../../common/tr';
import { badRequest } from '../core/errors';
import type { FileStore } from '../storage/store';

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

/**
 * Where the print master of an owner's image is kept: beside the web's, under a name the public
 * file route never asks for. Uploads made before masters existed have none; the book then takes
 * the web's copy.
 */
export const masterKey = (kind: ImageKind, id: number) => `${kind}/${id}.master`;

export interface NormalisedImage {
  /** WebP no larger than the kind allows, for the web. */
  web: Buffer;
  /** The upload at its full size, upright, metadata left behind: PNG when it has transparency (logos), else a high-quality JPEG. */
  master: Buffer;
}

/** Decodes the bytes as an image and re-encodes them for the web and for print; `notImage` is the 400's message. */
export async function normaliseImage(bytes: Buffer, kind: ImageKind, notImage: { field: string; message: string }): Promise<NormalisedImage> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new Error('not an image');
    const side = MAX_SIDE[kind];
    const web = await sharp(bytes).rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
    const upright = sharp(bytes).rotate().toColorspace('srgb');
    const master = meta.hasAlpha ? await upright.png().toBuffer() : await upright.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
    return { web, master };
  } catch {
    throw badRequest(notImage.message, { [notImage.field]: notImage.message });
  }
}

/** Stores both copies of an owner's image. */
export async function storeImage(images: FileStore, kind: ImageKind, id: number, image: NormalisedImage): Promise<void> {
  await images.put(imageKey(kind, id), image.web);
  await images.put(masterKey(kind, id), image.master);
}

/** Removes both copies of an owner's image. */
export async function removeImage(images: FileStore, kind: ImageKind, id: number): Promise<void> {
  await images.remove(imageKey(kind, id));
  await images.remove(masterKey(kind, id));
}

/** The message of an uploaded logo or cover that is no image. */
export const uploadNotImage = { field: 'file', message: tr.studio.notImage };

/** The upload limits of a logo or cover of at most `maxMb` megabytes. */
export const imageUpload = (maxMb: number) => ({ maxFileBytes: maxMb * 1024 * 1024, tooLarge: tr.studio.tooLarge(maxMb), noFile: tr.studio.noFile });
