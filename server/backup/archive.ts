/**
 * The archive: a tar.gz holding
 *   manifest.json            always the first entry
 *   database/<table>.jsonl   the rows of each table
 *   files/…  branding/…      DATA_DIR/files (photos) and DATA_DIR/branding (logos, covers)
 * Restore accepts nothing else: only plain files and folders at those places, no absolute
 * paths, no "..", no links, so an archive cannot write outside the folder it is unpacked in.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Stats } from 'node:fs';
import { create, extract, list, type ReadEntry } from 'tar';
import { MANIFEST_ENTRY, parseManifest, TABLE_NAME, type Manifest } from './manifest';
import { backupErrors } from './messages';

/** The folders of DATA_DIR an archive carries. */
export const DATA_FOLDERS = ['files', 'branding'] as const;
export const DATABASE_FOLDER = 'database';
const TABLE_FILE_SUFFIX = '.jsonl';

/** Where the rows of `table` are, under the archive's database folder. */
export const tableFile = (databaseFolder: string, table: string) => path.join(databaseFolder, `${table}${TABLE_FILE_SUFFIX}`);

/** The most bytes of a metadata entry read into memory; a real manifest is a few kilobytes. */
const METADATA_MAX_BYTES = 1024 * 1024;

/** Half-written files of the file store and the branding images (written, then renamed). */
const IN_PROGRESS = /\.tmp$/;

/** Whether restore accepts an entry of this path and tar type. */
export function isAllowedEntry(entryPath: string, type: string): boolean {
  const isFolder = type === 'Directory';
  if (!isFolder && type !== 'File') return false;
  const name = isFolder ? entryPath.replace(/\/$/, '') : entryPath;
  if (/[\\\0]/.test(name) || name.startsWith('/')) return false;
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return false;
  if (name === MANIFEST_ENTRY) return !isFolder;
  const [top, table, ...deeper] = parts;
  if (top === DATABASE_FOLDER) {
    if (table === undefined) return isFolder;
    return !deeper.length && !isFolder && table.endsWith(TABLE_FILE_SUFFIX) && TABLE_NAME.test(table.slice(0, -TABLE_FILE_SUFFIX.length));
  }
  return isDataFolder(top);
}

const isDataFolder = (name: string | undefined) => name !== undefined && (DATA_FOLDERS as readonly string[]).includes(name);
const inDataFolder = (entryPath: string) => isDataFolder(entryPath.split('/')[0]);

/**
 * Packs `staging` (manifest.json, database/ and links to the data folders) into `file`.
 * Links are followed only at the top, where staging points at the data folders; a link
 * inside them is left out, as are half-written files and what `keep` refuses. Answers the data files packed.
 */
export async function packArchive(staging: string, file: string, keep: (entryPath: string) => boolean = () => true): Promise<{ files: number; bytes: number }> {
  const entries = [MANIFEST_ENTRY, DATABASE_FOLDER, ...DATA_FOLDERS.filter((f) => fs.existsSync(path.join(staging, f)))];
  let files = 0;
  let bytes = 0;
  const filter = (entryPath: string, stat: Stats | ReadEntry) => {
    const isTop = !entryPath.includes('/');
    if (!isTop && (IN_PROGRESS.test(entryPath) || !keep(entryPath) || fs.lstatSync(path.join(staging, entryPath)).isSymbolicLink())) return false;
    if (inDataFolder(entryPath) && 'isFile' in stat && stat.isFile()) {
      files++;
      bytes += stat.size;
    }
    return true;
  };
  await create({ gzip: true, file, cwd: staging, follow: true, portable: true, filter }, entries);
  return { files, bytes };
}

/**
 * Reads the whole archive once before anything is changed: it must start with a valid
 * manifest, hold only allowed entries and decompress to its end (a cut-off download fails
 * here, not halfway through a restore). Answers the manifest and the data files it holds.
 */
export async function scanArchive(file: string): Promise<{ manifest: Manifest; files: number; bytes: number }> {
  const chunks: Buffer[] = [];
  let index = 0;
  let unsafe: string | undefined;
  let oversized: number | undefined;
  let manifestRead: Promise<void> | undefined;
  let files = 0;
  let bytes = 0;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (index++ === 0 && entry.path === MANIFEST_ENTRY && entry.type === 'File') {
          // Its size is in the entry's header: one too large is refused unread, and passes by without being held.
          if (entry.size > METADATA_MAX_BYTES) oversized = entry.size;
          else entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          manifestRead = new Promise((resolve) => entry.on('end', resolve));
        }
        if (!isAllowedEntry(entry.path, entry.type)) unsafe ??= entry.path;
        if (entry.type === 'File' && inDataFolder(entry.path)) {
          files++;
          bytes += entry.size;
        }
      },
    });
  } catch (error) {
    throw backupErrors.notABackup(file, (error as Error).message);
  }
  if (!manifestRead) throw backupErrors.notABackup(file, `${MANIFEST_ENTRY} ilk girdi değil / is not the first entry`);
  if (oversized !== undefined) throw backupErrors.metadataTooLarge(MANIFEST_ENTRY, oversized, METADATA_MAX_BYTES);
  await manifestRead;
  const manifest = parseManifest(Buffer.concat(chunks), file);
  if (unsafe !== undefined) throw backupErrors.unsafeEntry(unsafe);
  return { manifest, files, bytes };
}

/** Unpacks the allowed entries into `folder` (scanArchive has checked them; this checks again). */
export async function extractArchive(file: string, folder: string): Promise<void> {
  await extract({ file, cwd: folder, strict: true, preserveOwner: false, filter: (entryPath, entry) => isAllowedEntry(entryPath, (entry as ReadEntry).type) });
}
