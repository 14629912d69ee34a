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
import { reapplyErasures } from './areas/kvkk/reapply';
import { tr } from '../common/tr';
import { copyStorage } from './storage/copy';
import { openStorage } from './storage/open';
import { diskStorage, StoreStartError } from './storage/store';

const USAGE = `Kullanım / Usage:
  npm run backup -- <dosya.tar.gz>    veritabanını ve dosyaları yedekler / backs up the database and the files
  npm run restore -- <dosya.tar.gz>   boş bir veritabanına ve veri klasörüne geri yükler / restores into an empty database and data folder
  npm run store:copy                  DATA_DIR'deki dosyaları S3 kovasına kopyalar ve denetler / copies DATA_DIR's files to the S3 bucket and checks them`;

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
  const done = await restoreBackup({
    file,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    storage,
    reapply: (db) => reapplyErasures(db, storage),
  });
  const into = `${done.database === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}, files in ${storage.photos.where.replace(/files\/?$/, '')}`;
  return (
    `restore: ${path.resolve(file)} → ${into} — ${count(done.tables, 'tables')}, ${count(done.rows, 'rows')}, ` +
    `${count(done.files, 'files')} (${megabytes(done.bytes)}) in ${done.seconds.toFixed(1)} s` +
    (done.reapplied ? `\n${tr.kvkk.reapplied(done.reapplied)} / ${count(done.reapplied, 'erasures re-applied')}` : '')
  );
}

/** A copy read back differs from its original. */
class CopyDiffers extends Error {}

async function storeCopy(): Promise<string> {
  const config = loadConfig();
  if (config.fileStore.kind !== 's3') {
    throw new ConfigError(
      'store:copy DATA_DIR içindeki dosyaları S3 kovasına kopyalar: FILE_STORE=s3 ve S3_* değişkenlerini veriniz.\n' +
        'store:copy copies the files in DATA_DIR to the S3 bucket: set FILE_STORE=s3 and the S3_* variables.',
    );
  }
  const started = performance.now();
  const target = await openStorage(config);
  const done = await copyStorage(diskStorage(config.dataDir), target);
  const line =
    `store:copy: ${config.dataDir} → ${target.photos.where.replace(/files\/$/, '')} — ${count(done.copied, 'files copied')} (${megabytes(done.bytes)}), ` +
    `${count(done.same, 'already there')}, ${count(done.differing.length, 'differing')} in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (done.differing.length) {
    throw new CopyDiffers(`${line}\nKopyası farklı olan dosyalar / Copies that differ:\n${done.differing.map((key) => `  ${key}`).join('\n')}`);
  }
  return line;
}

/** An unexpected failure as the operator reads it: a query's parameters (rows' values, password hashes) left out. */
function withoutValues(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return `${error.message.replace(/\nparams:[\s\S]*$/, '')}${typeof code === 'string' ? ` (${code})` : ''}`;
}

const FAILED: Record<string, string> = {
  backup: 'Yedekleme başarısız / Backup failed:',
  restore: 'Geri yükleme başarısız / Restore failed:',
  'store-copy': 'Kopyalama başarısız / Copy failed:',
};

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if (command !== 'store-copy' && ((command !== 'backup' && command !== 'restore') || !file)) {
    console.error(USAGE);
    return 1;
  }
  try {
    console.log(command === 'store-copy' ? await storeCopy() : command === 'backup' ? await backup(file!) : await restore(file!));
    return 0;
  } catch (error) {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataFolderInUseError ||
      error instanceof StoreStartError ||
      error instanceof CopyDiffers
    )
      console.error(error.message);
    else console.error(FAILED[command], withoutValues(error));
    return 1;
  }
}

process.exit(await main(process.argv.slice(2)));
