/**
 * Logos and cover images: read one uploaded file from a multipart request, check by its
 * content (sharp decodes it) that it really is an image, normalise it and keep it under the
 * data folder. Nothing is written unless the whole file is a valid image within the limit.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { tr } from '../../../common/tr';
import { badRequest } from '../../http/errors';
import type { Api } from '../../http/types';

export type ImageKind = 'studio-logo' | 'school-logo' | 'design-cover';

const SHAPES: Record<ImageKind, { maxSide: number }> = {
  'studio-logo': { maxSide: 512 },
  'school-logo': { maxSide: 512 },
  'design-cover': { maxSide: 1600 },
};
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

/** Multipart parsing for the upload routes; registered once even when another area did it too. */
export async function acceptUploads(app: Api): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
}

/** The single file of a form-data request, as bytes; too large or missing → 400. */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number, maxMb: number): Promise<Buffer> {
  let bytes: Buffer;
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
    if (!part) throw badRequest(tr.studio.noFile, { file: tr.studio.noFile });
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(tr.studio.tooLarge(maxMb), { file: tr.studio.tooLarge(maxMb) });
    }
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 400) throw error;
    throw badRequest(tr.studio.noFile, { file: tr.studio.noFile });
  }
  if (bytes.length === 0) throw badRequest(tr.studio.noFile, { file: tr.studio.noFile });
  return bytes;
}

/** Decodes the bytes as an image and re-encodes them as WebP no larger than the kind allows. */
export async function normaliseImage(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new Error('not an image');
    const side = SHAPES[kind].maxSide;
    return await sharp(bytes).rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw badRequest(tr.studio.notImage, { file: tr.studio.notImage });
  }
}

function filePath(dataDir: string, kind: ImageKind, id: number): string {
  return path.join(dataDir, 'branding', kind, `${id}.webp`);
}

/** Writes atomically (temp file, then rename), so a reader never sees half a file. */
export async function storeImage(dataDir: string, kind: ImageKind, id: number, webp: Buffer): Promise<string> {
  const target = filePath(dataDir, kind, id);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temp, webp);
  await fs.rename(temp, target);
  return `${kind}/${id}.webp`;
}

export async function readImage(dataDir: string, kind: ImageKind, id: number): Promise<Buffer | null> {
  try {
    return await fs.readFile(filePath(dataDir, kind, id));
  } catch {
    return null;
  }
}

export async function removeImage(dataDir: string, kind: ImageKind, id: number): Promise<void> {
  await fs.rm(filePath(dataDir, kind, id), { force: true });
}
