/** The configured file stores: the data folder's, or an S3 bucket's once it has answered. */
import type { Config } from '../config';
import { diskStorage, type Storage } from './store';

export async function openStorage(config: Pick<Config, 'dataDir' | 'fileStore'>): Promise<Storage> {
  const settings = config.fileStore;
  if (settings.kind === 'disk') return diskStorage(config.dataDir);
  // The S3 client is loaded only by a process that uses it.
  const { checkBucket, s3Client, s3Storage } = await import('./s3');
  const client = s3Client(settings);
  await checkBucket(client, settings);
  return s3Storage(client, settings.bucket);
}
