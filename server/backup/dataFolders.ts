/** The file stores as a restore finds them (empty) and fills them from an unpacked archive. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, Storage } from '../storage/store';
import { DATA_FOLDERS, type DataFolder } from './archive';
import { backupErrors } from './messages';

/** The store each data folder of an archive goes into. */
const storeOf = (storage: Storage, folder: DataFolder): FileStore => (folder === 'files' ? storage.photos : storage.images);

export async function assertEmptyStores(storage: Storage): Promise<void> {
  for (const folder of DATA_FOLDERS) {
    const store = storeOf(storage, folder);
    for await (const _file of store.list('')) throw backupErrors.targetNotEmpty(store.where);
  }
}

/** Puts the unpacked data folders' files from `staging` into their stores; answers how many. */
export async function fillStores(staging: string, storage: Storage): Promise<number> {
  await assertEmptyStores(storage);
  let files = 0;
  for (const folder of DATA_FOLDERS) {
    const from = path.join(staging, folder);
    const entries = await fs.readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      await storeOf(storage, folder).putFile(path.relative(from, file).split(path.sep).join('/'), file);
      files++;
    }
  }
  return files;
}
