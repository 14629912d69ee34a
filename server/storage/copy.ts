/**
 * Copies every file of one store into another (the data folder's stores into an S3 bucket, when
 * a deployment moves), then reads each copy back and compares its size and SHA-256 with the
 * original's. A copy already there with the same bytes is left as it is, so a cut-off run is
 * simply run again.
 */
import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FileStore, Storage } from './store';

export interface CopySummary {
  copied: number;
  /** Already in the target with the same size and hash. */
  same: number;
  bytes: number;
  /** Keys whose copy differs from the original after copying (size or hash). */
  differing: string[];
}

async function digest(stream: Readable | null): Promise<{ size: number; sha256: string } | null> {
  if (!stream) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

async function copyStore(from: FileStore, to: FileStore, summary: CopySummary): Promise<void> {
  for await (const file of from.list('')) {
    const there = await to.stat(file.key);
    const original = await digest(await from.stream(file.key));
    if (!original) continue; // removed since it was listed
    if (there?.size === original.size && (await digest(await to.stream(file.key)))?.sha256 === original.sha256) {
      summary.same++;
      continue;
    }
    const source = await from.stream(file.key);
    if (!source) continue;
    // Streamed from one store into the other: a large book never sits in memory.
    await to.put(file.key, source.pipe(new PassThrough()));
    const copy = await digest(await to.stream(file.key));
    if (copy?.size !== original.size || copy.sha256 !== original.sha256) summary.differing.push(`${to.where}${file.key}`);
    summary.copied++;
    summary.bytes += original.size;
  }
}

/** Copies every store of `from` (the erasure log too) into `to` and checks every copy. */
export async function copyStorage(from: Storage, to: Storage): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, same: 0, bytes: 0, differing: [] };
  await copyStore(from.photos, to.photos, summary);
  await copyStore(from.images, to.images, summary);
  await copyStore(from.erasures, to.erasures, summary);
  return summary;
}
