/**
 * The archive: a tar.gz holding
 *   manifest.json            always the first entry
 *   database/<table>.jsonl   the rows of each table
 *   files/…  branding/…      the photo store and the image store (logos, covers), on disk DATA_DIR/files and DATA_DIR/branding
 * Restore accepts nothing else: only plain files and folders at those places, no absolute
 * paths, no "..", no links, so an archive cannot write outside the folder it is unpacked in.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { extract, Header, list, Pack, ReadEntry } from 'tar';
import type { FileStore, StoredFile } from '../storage/store';
import { MANIFEST_ENTRY, parseManifest, TABLE_NAME, type Manifest } from './manifest';
import { backupErrors } from './messages';

/** The folders of DATA_DIR an archive carries. */
export const DATA_FOLDERS = ['files', 'branding'] as const;
export type DataFolder = (typeof DATA_FOLDERS)[number];
export const DATABASE_FOLDER = 'database';
const TABLE_FILE_SUFFIX = '.jsonl';

/** Where the rows of `table` are, under the archive's database folder. */
export const tableFile = (databaseFolder: string, table: string) => path.join(databaseFolder, `${table}${TABLE_FILE_SUFFIX}`);

/** The most bytes of a metadata entry read into memory; a real manifest is a few kilobytes. */
const METADATA_MAX_BYTES = 1024 * 1024;

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

/** A file store carried under one data folder's name, and which of its keys to carry. */
export interface CarriedStore {
  folder: DataFolder;
  store: FileStore;
  keep: (key: string) => boolean;
}

/** Adds one stored file as an archive entry, read from the store as the archive is written. */
async function addStoredFile(pack: Pack, folder: string, store: FileStore, file: StoredFile): Promise<number> {
  // Small files are read whole, so one replaced between listing and reading (a logo) goes in as it now is.
  const whole = file.size <= WHOLE_BYTES ? await store.get(file.key) : null;
  const source = whole ? Readable.from([whole]) : await store.stream(file.key);
  if (!source) return 0; // removed since it was listed
  const size = whole ? whole.length : file.size;
  const entry = new ReadEntry(new Header({ path: `${folder}/${file.key}`, type: 'File', size, mode: 0o644, mtime: file.modified }));
  pack.write(entry);
  let written = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    written += chunk.length;
    if (written > size) break;
    if (!entry.write(chunk)) await once(entry, 'drain');
  }
  if (written !== size) throw new Error(`${folder}/${file.key} changed while it was being backed up`);
  entry.end();
  return size;
}

const WHOLE_BYTES = 1024 * 1024;

/**
 * Writes `file`: manifest.json and database/ from `staging`, then every kept file of each store,
 * streamed from the store into the archive one after another. Answers the data files packed.
 */
export async function packArchive(staging: string, file: string, stores: CarriedStore[]): Promise<{ files: number; bytes: number }> {
  const pack = new Pack({ gzip: true, cwd: staging, portable: true });
  const out = fs.createWriteStream(file);
  const written = new Promise<void>((resolve, reject) => {
    out.on('close', resolve).on('error', reject);
    pack.on('error', reject);
  });
  pack.pipe(out);
  let files = 0;
  let bytes = 0;
  try {
    pack.write(MANIFEST_ENTRY);
    pack.write(DATABASE_FOLDER);
    for (const { folder, store, keep } of stores) {
      for await (const stored of store.list('')) {
        if (!keep(stored.key)) continue;
        bytes += await addStoredFile(pack, folder, store, stored);
        files++;
      }
    }
    pack.end();
  } catch (error) {
    out.destroy();
    throw error;
  }
  await written;
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
