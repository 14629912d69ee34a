/**
 * Turning an uploaded file into the stored photo: the content decides whether it is an image
 * (not the name or the browser's type), size and pixel limits hold, and no stored copy carries
 * EXIF/XMP/IPTC metadata (GPS of minors must not leak).
 *
 * The full-size original of a JPEG keeps the photographer's image data untouched: only its
 * metadata segments are removed (ICC profile and orientation stay). Other formats are converted
 * once. The smaller sizes are made in a chain, each from the one before (3000 → 1280 → 240), so
 * the full-size picture is decoded once and only the first step works on all of its pixels.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { tr } from '../../common/tr';
import { HttpError } from '../http/errors';
import { strippedHead, stripJpegMetadata, untilImageEnd } from './jpegStrip';

// libvips keeps recent operations and their pixels for reuse; an upload never repeats one, and
// the cache would hold a few large decoded pictures long after their request.
sharp.cache(false);

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'tiff']);

/** Stored sizes: the long edge in pixels (null = full size) and the JPEG quality of a made copy. */
export const DERIVED_SIZES = {
  thumb: { edge: 240, quality: 75 },
  display: { edge: 1280, quality: 82 },
  download: { edge: 3000, quality: 90 },
  original: { edge: null, quality: 95 },
} as const;
export type StoredSize = keyof typeof DERIVED_SIZES;

/**
 * The bytes of a stored size: made in memory, or (the original of an uploaded JPEG file) the
 * kept header segments followed by the file's own bytes from its scan to its end marker, read from disk only
 * while they are written, so a camera file never sits in memory whole.
 */
export type PhotoBytes = Buffer | { header: Buffer; file: string; scanAt: number };

export interface DerivedPhoto {
  width: number;
  height: number;
  files: Record<StoredSize, PhotoBytes>;
}

/** What the file store writes for a stored size (a stream can be read once: one per write). */
export function photoContent(bytes: PhotoBytes): Buffer | Readable {
  if (Buffer.isBuffer(bytes)) return bytes;
  const { header, file, scanAt } = bytes;
  return Readable.from(
    (async function* () {
      yield header;
      // Pieces of 1 MB rather than the default 64 kB: a camera file is copied in a few reads and writes instead of a hundred.
      yield* untilImageEnd(createReadStream(file, { start: scanAt, highWaterMark: 1024 * 1024 }));
    })(),
  );
}

const notAnImage = () => new HttpError(400, tr.students.photos.notImage, { file: tr.students.photos.notImage });

/**
 * Photos worked on at once in this process. libvips spreads each one over every core already;
 * two at a time keep the cores busy while one of them waits on its input or output, and bound
 * the memory a burst of uploads can take (per photo, its pixels at the download size and the
 * encoded sizes; the uploaded file itself is read by libvips and copied to the store piece by piece).
 */
const PARALLEL_PHOTOS = Math.max(2, Math.min(4, os.availableParallelism()));
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_PHOTOS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** One step of the chain: the next smaller size from the previous one's pixels. */
async function shrink(from: RawImage, edge: number): Promise<RawImage> {
  const { width, height, channels } = from.info;
  if (Math.max(width, height) <= edge) return from;
  const out = await sharp(from.data, { raw: { width, height, channels }, limitInputPixels: false })
    .resize({ width: edge, height: edge, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: out.data, info: { width: out.info.width, height: out.info.height, channels: out.info.channels } };
}

const encode = (image: RawImage, quality: number) =>
  sharp(image.data, { raw: image.info, limitInputPixels: false }).jpeg({ quality, mozjpeg: false }).toBuffer();

/** The stored sizes of a photo, given as bytes or as the path of an uploaded file (read by the image library itself, in its turn). */
export function derivePhoto(input: Buffer | string, limits: { maxPixels: number }): Promise<DerivedPhoto> {
  return inTurn(() => derive(input, limits));
}

async function derive(input: Buffer | string, limits: { maxPixels: number }): Promise<DerivedPhoto> {
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
  const orientation = meta.orientation ?? 1;
  const turned = orientation >= 5 && orientation <= 8;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;

  // The one full decode: upright, on white, sRGB, at most the download size.
  const edge = DERIVED_SIZES.download.edge;
  let download: RawImage;
  try {
    const out = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    download = { data: out.data, info: { width: out.info.width, height: out.info.height, channels: out.info.channels } };
  } catch {
    throw notAnImage();
  }
  const display = await shrink(download, DERIVED_SIZES.display.edge);
  const thumb = await shrink(display, DERIVED_SIZES.thumb.edge);
  const [downloadJpeg, displayJpeg, thumbJpeg, original] = await Promise.all([
    encode(download, DERIVED_SIZES.download.quality),
    encode(display, DERIVED_SIZES.display.quality),
    encode(thumb, DERIVED_SIZES.thumb.quality),
    meta.format === 'jpeg' ? stripped(input, orientation) : converted(input, limits.maxPixels),
  ]);
  return { width, height, files: { thumb: thumbJpeg, display: displayJpeg, download: downloadJpeg, original } };
}

/** The original without its metadata; from a file, only the header segments are read here. */
async function stripped(input: Buffer | string, orientation: number): Promise<PhotoBytes> {
  try {
    if (Buffer.isBuffer(input)) return stripJpegMetadata(input, orientation);
    return { ...(await fileHead(input, orientation)), file: input };
  } catch {
    throw notAnImage();
  }
}

/** Reads a JPEG file's beginning, longer each time, until its scan starts (the metadata of a camera file is a few dozen kB). */
async function fileHead(file: string, orientation: number): Promise<{ header: Buffer; scanAt: number }> {
  const handle = await fs.open(file);
  try {
    const { size } = await handle.stat();
    for (let length = 256 * 1024; ; length *= 4) {
      const prefix = Buffer.alloc(Math.min(length, size));
      const { bytesRead } = await handle.read(prefix, 0, prefix.length, 0);
      const head = strippedHead(prefix.subarray(0, bytesRead), orientation);
      if (head) return head;
      if (bytesRead >= size) throw new Error('no scan in the file');
    }
  } finally {
    await handle.close();
  }
}

/** A PNG, WebP, HEIC or TIFF original becomes a JPEG once (no withMetadata(): sharp writes no EXIF, GPS, XMP or IPTC). */
function converted(input: Buffer | string, maxPixels: number): Promise<Buffer> {
  return sharp(input, { limitInputPixels: maxPixels })
    .rotate()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: DERIVED_SIZES.original.quality, mozjpeg: false })
    .toBuffer();
}
