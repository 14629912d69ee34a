/**
 * The file store on an S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Hetzner…): the
 * app's two stores are two prefixes of one bucket, named like the data folder's two folders
 * (files/…, branding/…), so a backup and the copy command see the same keys either way.
 *
 * Writes are whole or absent: a small file is one PUT, which S3 shows only once all of it has
 * arrived; a larger one is a multipart upload of bounded parts (never the whole file in memory),
 * which shows nothing until it is completed and is aborted when a part fails. A "folder" is the
 * keys under "<key>/", as on disk.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, StoreStartError, type FileStore, type Storage, type StoredFile } from './store';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * Above this a stream is sent as a multipart upload in parts of this size; at most
 * `QUEUE` parts are in memory at once. S3's smallest part is 5 MiB.
 */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the API demands them: several S3-compatible stores refuse the
    // newer default trailing checksums of streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** One store: the keys under `prefix` ("files/") of `bucket`. */
export function s3Store(client: S3Client, bucket: string, prefix: string): FileStore {
  const full = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };

  async function* objects(under: string): AsyncGenerator<StoredFile> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key.slice(prefix.length), size: item.Size ?? 0, modified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The file `key` itself and every file under it as a folder. */
  async function keysAt(key: string): Promise<string[]> {
    const found: string[] = [];
    if (await store.stat(key)) found.push(key);
    for await (const file of objects(`${full(key)}/`)) found.push(file.key);
    return found;
  }

  async function removeKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const answer = await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((key) => ({ Key: prefix + key })), Quiet: true } }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
    }
  }

  async function upload(key: string, body: Readable) {
    const sending = new Upload({ client, params: { Bucket: bucket, Key: full(key), Body: body }, partSize: PART_BYTES, queueSize: QUEUE });
    try {
      await sending.done();
    } catch (error) {
      // The source's own failure says more than the abort of the parts that follows it.
      throw body.errored ?? error;
    } finally {
      // A source that failed or was cut off is not read any further.
      body.destroy();
    }
  }

  const store: FileStore = {
    where: `s3://${bucket}/${prefix}`,
    async put(key, data) {
      if (Buffer.isBuffer(data)) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: full(key), Body: data, ContentLength: data.length }));
      } else {
        await upload(key, data);
      }
    },
    putFile: (key, file) => upload(key, createReadStream(file)),
    async get(key) {
      const body = await store.stream(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async stream(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
        return answer.Body instanceof Readable ? answer.Body : Readable.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: full(key) }));
        return { key, size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    list: (under) => objects(under ? `${full(under)}/` : prefix),
    async remove(key) {
      // Deleting a key that is not there is no error in S3: a second remove finds nothing and is done.
      await removeKeys(await keysAt(key));
    },
    async move(from, to) {
      const keys = await keysAt(from);
      if (!keys.length) throw Object.assign(new Error(`nothing to move at ${from}`), { code: 'ENOENT' });
      full(to);
      // S3 has no rename: each object is copied, then the old ones go. The copies are complete
      // before any original is removed, so a process that dies in between leaves both, never neither.
      await Promise.all(
        keys.map((key) =>
          client.send(new CopyObjectCommand({ Bucket: bucket, Key: full(to + key.slice(from.length)), CopySource: encodeURI(`${bucket}/${prefix}${key}`) })),
        ),
      );
      await removeKeys(keys);
    },
  };
  return store;
}

/**
 * Asks the bucket once at start, so a wrong name, address or key stops the app with a sentence
 * saying which, instead of failing the first upload.
 */
export async function checkBucket(client: S3Client, settings: S3Settings): Promise<void> {
  const where = settings.endpoint ?? `AWS (${settings.region})`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 404)
      throw new StoreStartError(
        `S3_BUCKET: "${settings.bucket}" adlı kova ${where} üzerinde yok; kovayı oluşturun ya da adı düzeltin.\n` +
          `S3_BUCKET: there is no bucket "${settings.bucket}" at ${where}; create it or correct the name.`,
      );
    if (status === 403 || status === 401)
      throw new StoreStartError(
        `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: "${settings.bucket}" kovasına erişim reddedildi (${where}); anahtarları ve izinleri denetleyin.\n` +
          `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: access to bucket "${settings.bucket}" was refused at ${where}; check the keys and their permissions.`,
      );
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreStartError(
      `S3_ENDPOINT: nesne deposuna ulaşılamadı (${where}): ${reason}\n` + `S3_ENDPOINT: the object store could not be reached (${where}): ${reason}`,
    );
  }
}

/** The app's stores in one bucket. */
export function s3Storage(client: S3Client, bucket: string): Storage {
  return { photos: s3Store(client, bucket, 'files/'), images: s3Store(client, bucket, 'branding/'), erasures: s3Store(client, bucket, 'erasures/') };
}
