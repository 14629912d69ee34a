/** The configured file stores: the data folder's, or an S3 bucket's once it has answered. */
import type { Config } from '../config';
import { checkBucket, s3Client, s3Storage } from './s3';
import { diskStorage, type Storage } from './store';

export async function openStorage(config: Pick<Config, 'dataDir' | 'fileStore'>): Promise<Storage> {
  const settings = config.fileStore;
  if (settings.kind === 'disk') return diskStorage(config.dataDir);
  const client = s3Client(settings);
  await checkBucket(client, settings);
  return s3Storage(client, settings.bucket);
}
