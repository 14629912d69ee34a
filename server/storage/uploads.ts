/**
 * Reading a multipart/form-data request (the call helper's form-data mode) into memory: the one
 * way every upload is read (photos, student lists, logos, covers). The parser is registered once
 * for the API; each read sets its own limits, and a file over its limit is a 413 in Turkish.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../common/tr';
import { HttpError, badRequest } from '../http/errors';

/** Registers the multipart parser on the API's routes. */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart);
}

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

export interface Uploads {
  files: UploadedFile[];
  fields: Record<string, string>;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** The Turkish message for a file over `maxFileBytes`. */
  tooLarge: string;
  /** The Turkish message for a request without a file. */
  noFile: string;
}

/** A byte limit in megabytes with one decimal, as the Turkish messages name it. */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const tooLargeError = (message: string) => new HttpError(413, message, { file: message });

/** Collects every part; a request that is not multipart is a 400 like any other bad body. */
export async function readUploads(request: FastifyRequest, limits: UploadLimits): Promise<Uploads> {
  if (!request.isMultipart()) throw badRequest(limits.noFile, { file: limits.noFile });
  // A client that went away before the handler started leaves no 'close' event to wait for:
  // reading its parts would wait forever.
  if (request.raw.destroyed && !request.raw.complete) throw new Error('client closed the request before its body was read');
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 20, fieldSize: 100_000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files.push({ fieldName: part.fieldname, fileName: part.filename ?? '', data });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError(limits.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw tooLargeError(tr.students.photos.tooManyFiles(limits.maxFiles));
    if (code?.startsWith('FST_')) throw badRequest(tr.validation.bodyMissing);
    throw error;
  }
  return { files, fields };
}

/** The single file of an upload (logo, cover, student list) with the form's other fields; none or an empty one is a 400. */
export async function readOneFile(request: FastifyRequest, limits: Omit<UploadLimits, 'maxFiles'>): Promise<UploadedFile & { fields: Record<string, string> }> {
  const { files, fields } = await readUploads(request, { ...limits, maxFiles: 1 });
  const [file] = files;
  if (!file || !file.data.length) throw badRequest(limits.noFile, { file: limits.noFile });
  return { ...file, fields };
}
