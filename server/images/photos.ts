/**
 * Turning an uploaded file into the stored photo: the content decides whether it is an image
 * (not the name or the browser's type), size and pixel limits hold, and no stored copy carries
 * EXIF/XMP/IPTC metadata (GPS of minors must not leak).
 *
 * The full-size original of a JPEG keeps the photographer's image data untouched: only its
 * metadata segments are removed (ICC profile and orientation stay). Other formats are converted
 * once. The smaller sizes are made in a chain, each from the one before (3000 → 1280 → 240), so
 * the full-size picture is decoded once and only the first step works on all of its pixels; the
 * pixels go from step to step in files of libvips' own format, never through JavaScript memory.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Metadata } from 'sharp';
import { tr } from '../../common/tr';
import { HttpError } from '../core/errors';
import { tempFolder } from '../storage/tempFolder';
import { megabytes, spoolTarget, type UploadLimits } from '../storage/uploads';
import { strippedHead, stripJpegMetadata, stripWhileStreaming, untilImageEnd } from './jpegStrip';

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
 * The bytes of a stored size: made in memory; or a file as it is (the original of a JPEG upload,
 * stripped while it arrived, see spoolPhoto); or the kept header segments followed by a file's
 * own bytes from its scan to its end marker, read from disk only while they are written. Either
 * way a camera file never sits in memory whole.
 */
export type PhotoBytes = Buffer | { file: string } | { header: Buffer; file: string; scanAt: number };

export interface DerivedPhoto {
  width: number;
  height: number;
  files: Record<StoredSize, PhotoBytes>;
}

/** What the file store writes for a stored size (a stream can be read once: one per write). */
export function photoContent(bytes: PhotoBytes): Buffer | Readable {
  if (Buffer.isBuffer(bytes)) return bytes;
  if (!('header' in bytes)) return createReadStream(bytes.file, { highWaterMark: 1024 * 1024 });
  const { header, file, scanAt } = bytes;
  return Readable.from(
    (async function* () {
      yield header;
      // Pieces of 1 MB rather than the default 64 kB: a camera file is copied in a few reads and writes instead of a hundred.
      yield* untilImageEnd(createReadStream(file, { start: scanAt, highWaterMark: 1024 * 1024 }));
    })(),
  );
}

/**
 * Writes an uploaded photo to its temporary file. A JPEG is written already stripped of its
 * metadata (stripWhileStreaming; the orientation as the image library reads it from the file's
 * head): the file on disk is then the original as it will be stored, with no location in it even
 * for the moment it waits, and derivePhoto reads it as it would read the upload (the pixels do not
 * depend on the segments removed). Anything else is written as it came. Answers which it was.
 */
export async function spoolPhoto(source: Readable, file: string): Promise<{ stripped: boolean }> {
  const outcome = { stripped: false };
  const orientationOf = async (head: Buffer) => {
    const meta = await sharp(head, { limitInputPixels: false }).metadata();
    return meta.format === 'jpeg' ? (meta.orientation ?? 1) : null;
  };
  await pipeline(source, (pieces: AsyncIterable<Buffer>) => stripWhileStreaming(pieces, orientationOf, outcome), spoolTarget(file));
  return outcome;
}

/**
 * The limits of every photo upload (portraits, a shoot, event albums): PHOTO_MAX_BYTES a file,
 * PHOTO_MAX_FILES a request (plus `extraFiles`, such as a shoot's index file), each file stripped
 * of its metadata while it arrives.
 */
export function photoUploadLimits(config: { photoMaxBytes: number; photoMaxFiles: number }, extraFiles = 0): UploadLimits {
  return {
    maxFileBytes: config.photoMaxBytes,
    maxFiles: config.photoMaxFiles + extraFiles,
    tooLarge: tr.students.photos.tooLarge(megabytes(config.photoMaxBytes)),
    noFile: tr.students.photos.noFile,
    spool: spoolPhoto,
  };
}

const notAnImage = () => new HttpError(400, tr.students.photos.notImage, { file: tr.students.photos.notImage });

/**
 * The full decode also writes the first pixel file: a full disk or a lost folder there is the
 * server's failure, not the picture's. libvips words what the operating system refused as
 * "system error: …"; anything else it says while decoding is about the file sent.
 */
const failedOnDisk = (error: unknown) => error instanceof Error && error.message.includes('system error:');

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

/**
 * Where a photo's pixels wait between the steps of the chain: files in libvips' own format (the
 * pixels as they are, mapped back into memory by the next step), beside the uploaded file or in a
 * folder of their own. Handed from step to step as JavaScript buffers instead, a 12 MP photo's
 * 24 MB of pixels passed through the garbage collector, and the full collections of the whole
 * heap they set off were most of what an upload cost beyond the image work itself.
 * `done(failed)` removes the pixel files (and, when the photo failed, its JPEGs as well).
 */
async function workPlace(input: Buffer | string): Promise<{ at: (name: string) => string; done: (failed: boolean) => Promise<void> }> {
  if (typeof input === 'string') {
    const made: string[] = [];
    return {
      at: (name) => {
        made.push(`${input}.${name}`);
        return `${input}.${name}`;
      },
      done: async (failed) => void (await Promise.all(made.filter((f) => failed || f.endsWith('.v')).map((f) => fs.rm(f, { force: true })))),
    };
  }
  const folder = await tempFolder('photo');
  return { at: (name) => path.join(folder.path, name), done: folder.remove };
}

/** The files derivePhoto wrote beside an uploaded file (`input`): its sizes, to remove once they are stored. */
export const filesMade = (photo: DerivedPhoto, input: string): string[] =>
  Object.values(photo.files).flatMap((bytes) => (!Buffer.isBuffer(bytes) && !('header' in bytes) && bytes.file !== input ? [bytes.file] : []));

/** A picture of the chain: its pixels' file and its size. */
interface Pixels {
  file: string;
  width: number;
  height: number;
}

/** One step of the chain: the next smaller size from the previous one's pixels (the same when it is small enough already). */
async function shrink(from: Pixels, edge: number, file: string): Promise<Pixels> {
  if (Math.max(from.width, from.height) <= edge) return from;
  const info = await sharp(from.file, { limitInputPixels: false }).resize({ width: edge, height: edge, fit: 'inside' }).toFile(file);
  return { file, width: info.width, height: info.height };
}

/**
 * A size as JPEG, from the pixels of the step before, made smaller first when `edge` asks it (the
 * last step of the chain, whose pixels nothing else needs): written by the image library straight
 * to `file`, or (`file` null) into memory.
 */
async function encode(from: Pixels, quality: number, file: string | null, edge = Infinity): Promise<PhotoBytes> {
  let image = sharp(from.file, { limitInputPixels: false });
  if (Math.max(from.width, from.height) > edge) image = image.resize({ width: edge, height: edge, fit: 'inside' });
  const jpeg = image.jpeg({ quality, mozjpeg: false });
  if (!file) return jpeg.toBuffer();
  await jpeg.toFile(file);
  return { file };
}

/**
 * The stored sizes of a photo, given as bytes or as the path of an uploaded file (read by the
 * image library itself, in its turn); `stripped`: the file is a JPEG spoolPhoto already stripped,
 * stored as the original as it is. From a file, the sizes are written beside it as files
 * (`${input}.thumb.jpg` …; see filesMade), from bytes they are made in memory.
 */
export function derivePhoto(input: Buffer | string, limits: { maxPixels: number }, options: { stripped?: boolean } = {}): Promise<DerivedPhoto> {
  return inTurn(() => derive(input, limits, options.stripped === true && typeof input === 'string'));
}

async function derive(input: Buffer | string, limits: { maxPixels: number }, stripped: boolean): Promise<DerivedPhoto> {
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

  const work = await workPlace(input);
  // The JPEGs of an uploaded file's sizes go beside it, and into the store from there: none of
  // them passes through JavaScript memory either.
  const jpegFile = (size: StoredSize) => (typeof input === 'string' ? work.at(`${size}.jpg`) : null);
  try {
    // The one full decode: upright, on white, sRGB, at most the download size.
    const edge = DERIVED_SIZES.download.edge;
    let download: Pixels;
    try {
      const file = work.at('download.v');
      const info = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
        .rotate()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .toFile(file);
      download = { file, width: info.width, height: info.height };
    } catch (error) {
      if (failedOnDisk(error)) throw error;
      throw notAnImage();
    }
    const display = await shrink(download, DERIVED_SIZES.display.edge, work.at('display.v'));
    const [downloadJpeg, displayJpeg, thumbJpeg, original] = await Promise.all([
      encode(download, DERIVED_SIZES.download.quality, jpegFile('download')),
      encode(display, DERIVED_SIZES.display.quality, jpegFile('display')),
      encode(display, DERIVED_SIZES.thumb.quality, jpegFile('thumb'), DERIVED_SIZES.thumb.edge),
      meta.format !== 'jpeg' ? converted(input, limits.maxPixels) : stripped ? { file: input as string } : strippedOriginal(input, orientation),
    ]);
    await work.done(false);
    return { width, height, files: { thumb: thumbJpeg, display: displayJpeg, download: downloadJpeg, original } };
  } catch (error) {
    await work.done(true);
    throw error;
  }
}

/** The original without its metadata; from a file, only the header segments are read here. */
async function strippedOriginal(input: Buffer | string, orientation: number): Promise<PhotoBytes> {
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
