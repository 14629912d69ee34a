/**
 * Reading a multipart/form-data request (the call helper's form-data mode): the one way every
 * upload is read. Small single files (student lists, logos, covers) are read into memory; photos
 * are streamed to temporary files on disk part by part, so a batch never sits in memory. The
 * parser is registered once for the API; each read sets its own limits, and a file over its
 * limit is a 413 in Turkish.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../common/tr';
import { HttpError, badRequest } from '../core/errors';
import { tempFolder } from './tempFolder';

/** Registers the multipart parser on the API's routes. */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart);
}

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

/** A file streamed to a temporary file: read it from `path` when its turn comes. */
export interface SpooledFile {
  fieldName: string;
  fileName: string;
  path: string;
  /** The size of the file as it was sent. */
  bytes: number;
  /** The spooler wrote the file stripped of its metadata (a JPEG photo, see `Spooler`) rather than as it was sent. */
  stripped: boolean;
}

/** Writes one file part to its temporary file; by default as it came, a photo upload's may strip it on the way. */
type Spooler = (source: Readable, file: string) => Promise<{ stripped: boolean }>;

/**
 * The temporary file a part is written to. Up to 1 MB may wait while a write is on its way (16 kB
 * by default): the waiting pieces go out in one write, and the upload does not stall piece by
 * piece while the image library holds the threads that do file writes.
 */
export const spoolTarget = (file: string) => createWriteStream(file, { highWaterMark: 1024 * 1024 });

const asSent: Spooler = async (source, file) => {
  await pipeline(source, spoolTarget(file));
  return { stripped: false };
};

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** The Turkish message for a file over `maxFileBytes`. */
  tooLarge: string;
  /** The Turkish message for a request without a file. */
  noFile: string;
  /** How a file part is written to disk (photos: stripped of their metadata on the way); as it came by default. */
  spool?: Spooler;
}

/** A byte limit in megabytes with one decimal, as the Turkish messages name it. */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const tooLargeError = (message: string) => new HttpError(413, message, { file: message });

type Part = Awaited<ReturnType<FastifyRequest['file']>> & {};

/** Walks the parts with the limits, handing each file part to `onFile`; parser errors become Turkish 4xx. */
async function eachPart(request: FastifyRequest, limits: UploadLimits, onFile: (part: Part) => Promise<void>): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw badRequest(limits.noFile, { file: limits.noFile });
  // A client that went away before the handler started leaves no 'close' event to wait for:
  // reading its parts would wait forever.
  if (request.raw.destroyed && !request.raw.complete) throw new Error('client closed the request before its body was read');
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 20, fieldSize: 100_000 } })) {
      if (part.type === 'file') await onFile(part);
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError(limits.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw tooLargeError(tr.students.photos.tooManyFiles(limits.maxFiles));
    if (code?.startsWith('FST_')) throw badRequest(tr.validation.bodyMissing);
    throw error;
  }
  return fields;
}

/** The single file of an upload (logo, cover, student list) with the form's other fields; none or an empty one is a 400. */
export async function readOneFile(request: FastifyRequest, limits: Omit<UploadLimits, 'maxFiles'>): Promise<UploadedFile & { fields: Record<string, string> }> {
  const files: UploadedFile[] = [];
  const fields = await eachPart(request, { ...limits, maxFiles: 1 }, async (part) => {
    files.push({ fieldName: part.fieldname, fileName: part.filename ?? '', data: await part.toBuffer() });
  });
  const [file] = files;
  if (!file || !file.data.length) throw badRequest(limits.noFile, { file: limits.noFile });
  return { ...file, fields };
}

/**
 * Streams every file of the request to its own temporary file and runs `use` with them; the
 * temporary files are gone when it returns or throws. Memory holds one chunk of the stream at a
 * time, whatever the batch's size.
 */
export async function withSpooledFiles<T>(
  request: FastifyRequest,
  limits: UploadLimits,
  use: (files: SpooledFile[], fields: Record<string, string>) => Promise<T>,
): Promise<T> {
  const folder = await tempFolder('upload');
  try {
    const files: SpooledFile[] = [];
    const fields = await eachPart(request, limits, async (part) => {
      const file = path.join(folder.path, String(files.length));
      const { stripped } = await (limits.spool ?? asSent)(part.file, file);
      // The parser stops a file at its limit and marks it cut rather than failing the stream.
      if (part.file.truncated) throw tooLargeError(limits.tooLarge);
      files.push({ fieldName: part.fieldname, fileName: part.filename ?? '', path: file, bytes: part.file.bytesRead, stripped });
    });
    return await use(files, fields);
  } finally {
    await folder.remove();
  }
}
