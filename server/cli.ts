/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the whole database and the data
 * folders (photos, logos, covers) to one tar.gz and back, for PGlite and PostgreSQL alike.
 * Configured like the app (DATABASE_URL, DATA_DIR, FILE_STORE and S3_*); prints one line, exits 0, or 1 with why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DataFolderInUseError, openDatabase } from './db/client';
import { createBackup } from './backup/backup';
import { BackupError, backupErrors } from './backup/messages';
import { restoreBackup } from './backup/restore';
import { openStorage } from './storage/open';
import { StoreStartError } from './storage/s3';

const USAGE = `Kullanım / Usage:
  npm run backup -- <dosya.tar.gz>    veritabanını ve dosyaları yedekler / backs up the database and the files
  npm run restore -- <dosya.tar.gz>   boş bir veritabanına ve veri klasörüne geri yükler / restores into an empty database and data folder`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number, what: string) => `${n.toLocaleString('en')} ${what}`;

async function backup(file: string): Promise<string> {
  const config = loadConfig();
  // Opening a missing PGlite folder would create an empty database and back that up.
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) throw backupErrors.noDatabase(config.dataDir);
  const storage = await openStorage(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const done = await createBackup({ database, dataDir: config.dataDir, file, storage });
    return (
      `backup: ${done.file} — ${count(done.tables, 'tables')}, ${count(done.rows, 'rows')}, ${count(done.files, 'files')}, ` +
      `${megabytes(done.bytes)} in ${done.seconds.toFixed(1)} s`
    );
  } finally {
    await database.close();
  }
}

async function restore(file: string): Promise<string> {
  const config = loadConfig();
  const storage = await openStorage(config);
  const done = await restoreBackup({ file, dataDir: config.dataDir, databaseUrl: config.databaseUrl, storage });
  const into = `${done.database === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}, files in ${storage.photos.where.replace(/files\/?$/, '')}`;
  return (
    `restore: ${path.resolve(file)} → ${into} — ${count(done.tables, 'tables')}, ${count(done.rows, 'rows')}, ` +
    `${count(done.files, 'files')} (${megabytes(done.bytes)}) in ${done.seconds.toFixed(1)} s`
  );
}

/** An unexpected failure as the operator reads it: a query's parameters (rows' values, password hashes) left out. */
function withoutValues(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return `${error.message.replace(/\nparams:[\s\S]*$/, '')}${typeof code === 'string' ? ` (${code})` : ''}`;
}

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE);
    return 1;
  }
  try {
    console.log(command === 'backup' ? await backup(file) : await restore(file));
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataFolderInUseError || error instanceof StoreStartError)
      console.error(error.message);
    else console.error(command === 'backup' ? 'Yedekleme başarısız / Backup failed:' : 'Geri yükleme başarısız / Restore failed:', withoutValues(error));
    return 1;
  }
}

process.exit(await main(process.argv.slice(2)));
