/**
 * `backup <file>`: the database (one consistent snapshot) and the file stores in one tar.gz.
 * It is staged in a temporary folder beside the target and renamed into place when complete,
 * so an earlier archive of that name stays intact until then. The files are read after the
 * database snapshot, while the app may still change them on PostgreSQL (see docs/backups.md).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import readline from 'node:readline';
import path from 'node:path';
import type { Database } from '../db/client';
import { INCOMING_FOLDER } from '../storage/incoming';
import { diskStorage, type Storage } from '../storage/store';
import { DATABASE_FOLDER, packArchive, tableFile } from './archive';
import { dumpDatabase } from './dump';
import { APP_NAME, BACKUP_FORMAT, MANIFEST_ENTRY, type Manifest } from './manifest';
import { backupErrors } from './messages';

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  files: number;
  /** Size of the archive. */
  bytes: number;
  seconds: number;
}

export async function createBackup(options: { database: Database; dataDir: string; file: string; storage?: Storage }): Promise<BackupSummary> {
  const started = performance.now();
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  const storage = options.storage ?? diskStorage(dataDir);
  for (const store of [storage.photos, storage.images]) {
    if (path.isAbsolute(store.where) && isInside(file, store.where)) throw backupErrors.targetInsideDataFolder(file);
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(file), `.${path.basename(file)}-`));
  try {
    const { migrations, tables } = await dumpDatabase(options.database.db, path.join(staging, DATABASE_FOLDER));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: APP_NAME,
      createdAt: new Date().toISOString(),
      database: options.database.kind,
      migrations,
      tables,
    };
    await fs.writeFile(path.join(staging, MANIFEST_ENTRY), JSON.stringify(manifest, null, 2) + '\n');
    const partial = path.join(staging, 'archive.tar.gz');
    const packed = await packArchive(staging, partial, [
      { folder: 'files', store: storage.photos, keep: photosWithRows(await namedPhotoFolders(path.join(staging, DATABASE_FOLDER))) },
      { folder: 'branding', store: storage.images, keep: () => true },
    ]);
    // It holds password hashes and children's photos: readable by its owner only.
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
    const { size } = await fs.stat(file);
    return {
      file,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      files: packed.files,
      bytes: size,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The photo folders the dumped rows name (photos.storage_key). */
async function namedPhotoFolders(databaseFolder: string): Promise<Set<string>> {
  const named = new Set<string>();
  const file = tableFile(databaseFolder, 'photos');
  if (!(await fs.stat(file).catch(() => null))) return named;
  for await (const line of readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line) named.add((JSON.parse(line) as { storage_key: string }).storage_key);
  }
  return named;
}

/**
 * Of the photo store, the archive carries the folders a dumped row names: never the files of an
 * upload still waiting for its row, nor a folder whose row does not exist (its files would come
 * back on restore with nothing pointing at them).
 */
const photosWithRows = (named: Set<string>) => (key: string) => {
  const [area, studio, name] = key.split('/');
  if (area === INCOMING_FOLDER) return false;
  return area !== 'photos' || studio === undefined || name === undefined || named.has(`photos/${studio}/${name}`);
};
