/** Reading a multipart/form-data request (the call helper's form-data mode) into memory, with limits. */
import type { FastifyRequest } from 'fastify';
import { tr } from '../../../common/tr';
import { HttpError, badRequest } from '../../http/errors';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

export interface Uploads {
  files: UploadedFile[];
  fields: Record<string, string>;
}

/**
 * Collects every part. `tooLarge` is the Turkish message for a file over `maxFileBytes`;
 * a request that is not multipart is a 400 like any other bad body.
 */
export async function readUploads(request: FastifyRequest, limits: { maxFileBytes: number; maxFiles: number; tooLarge: string }): Promise<Uploads> {
  if (!request.isMultipart()) throw badRequest(tr.students.photos.noFile, { file: tr.students.photos.noFile });
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, limits.tooLarge, { file: limits.tooLarge });
    if (code === 'FST_FILES_LIMIT') {
      const message = tr.students.photos.tooManyFiles(limits.maxFiles);
      throw new HttpError(413, message, { file: message });
    }
    if (code?.startsWith('FST_')) throw badRequest(tr.validation.bodyMissing);
    throw error;
  }
  return { files, fields };
}
