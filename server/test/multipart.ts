/** Builds a multipart/form-data body for inject(), as a browser's FormData would send it. */
import { randomBytes } from 'node:crypto';

export interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer | string;
}

export function formData(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----yp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.fileName !== undefined) head += `; filename="${part.fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file field (logo, cover), the common case. */
export function uploadForm(file: Buffer, fileName = 'logo.png', contentType = 'image/png', field = 'file') {
  return formData([{ name: field, fileName, contentType, data: file }]);
}
