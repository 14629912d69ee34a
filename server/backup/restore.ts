/**
 * `restore <file>`: an archive into an empty database and empty file stores. Everything that can be
 * checked is checked before anything is written (the whole archive, the target's emptiness);
 * the rows go in as one transaction; the files are put into their stores last (on disk they are
 * unpacked inside DATA_DIR, so the store takes them over as links, not copies).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { paths } from '../paths';
import { DATABASE_FOLDER, extractArchive, scanArchive } from './archive';
import { diskStorage, type Storage } from '../storage/store';
import { assertEmptyStores, fillStores } from './dataFolders';
import { loadDatabase } from './load';
import { backupErrors } from './messages';
import { assertKnownMigrations, migrationsUpTo } from './migrations';
import { assertEmptyTarget, openRestoreTarget } from './target';

export interface RestoreSummary {
  database: 'pglite' | 'postgres';
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  seconds: number;
  /** Students erased again after the load (the erasure log's, see `reapply`). */
  reapplied: number;
}

/**
 * What the app does to the restored data before anyone uses it: the erasures made after the
 * backup are made again (given by the command line, which knows the areas). Answers how many.
 */
export type AfterRestore = (db: Db) => Promise<number>;

export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  databaseUrl?: string;
  storage?: Storage;
  reapply?: AfterRestore;
}): Promise<RestoreSummary> {
  const started = performance.now();
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  const storage = options.storage ?? diskStorage(dataDir);
  if (!(await fs.stat(file).catch(() => null))?.isFile()) throw backupErrors.archiveMissing(file);
  const { manifest, files, bytes } = await scanArchive(file);
  assertKnownMigrations(manifest.migrations);
  await assertEmptyStores(storage);

  const target = await openRestoreTarget({ databaseUrl: options.databaseUrl, dataDir });
  let staging: string | undefined;
  let rows: number;
  let reapplied = 0;
  try {
    await assertEmptyTarget(target.db, manifest.migrations.applied, options.databaseUrl ? withoutPassword(options.databaseUrl) : path.join(dataDir, 'pglite'));
    await fs.mkdir(dataDir, { recursive: true });
    staging = await fs.mkdtemp(path.join(dataDir, '.restore-'));
    await extractArchive(file, staging);
    const archiveSchema = migrationsUpTo(manifest.migrations.applied);
    try {
      await target.migrate(archiveSchema.folder);
    } finally {
      archiveSchema.remove();
    }
    rows = await loadDatabase(target.db, path.join(staging, DATABASE_FOLDER), manifest.tables);
    await target.migrate(paths.migrations);
    await fillStores(staging, storage);
    if (options.reapply) reapplied = await options.reapply(target.db);
  } finally {
    await target.close();
    if (staging) await fs.rm(staging, { recursive: true, force: true });
  }
  return { database: target.kind, tables: manifest.tables.length, rows, files, bytes, seconds: (performance.now() - started) / 1000, reapplied };
}

function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
}
