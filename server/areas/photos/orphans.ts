/**
 * At start, the photo store loses what no row will ever name: the incoming folders of processes
 * that died mid-upload, and photo folders without a row (left by an older version, or by a
 * process that died in the instant between moving its files and committing). Files another live
 * process is still writing are never taken: its incoming folder has a live owner, and a photo
 * folder is only removed once it is older than any upload can take.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import { INCOMING_FOLDER, ownerIsGone } from '../../storage/incoming';

/** Far longer than any upload between its first file and its commit (requests end after REQUEST_TIMEOUT_SECONDS, at most an hour). */
const GRACE_MS = 2 * 60 * 60 * 1000;

async function folders(folder: string): Promise<string[]> {
  try {
    return (await fs.readdir(folder, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function olderThan(folder: string, ms: number): Promise<boolean> {
  const stat = await fs.stat(folder).catch(() => null);
  return stat !== null && Date.now() - stat.mtimeMs > ms;
}

/** Removes what no row names from the photo store at `root`; answers how many folders went. */
export async function sweepPhotoStore(db: Db, root: string): Promise<number> {
  let removed = 0;
  const remove = async (folder: string) => {
    await fs.rm(folder, { recursive: true, force: true });
    removed++;
  };
  const incoming = path.join(root, INCOMING_FOLDER);
  for (const owner of await folders(incoming)) {
    const folder = path.join(incoming, owner);
    if (ownerIsGone(owner) || (await olderThan(folder, GRACE_MS))) await remove(folder);
  }
  const named = new Set((await db.select({ key: photos.storageKey }).from(photos)).map((row) => row.key));
  for (const studio of await folders(path.join(root, 'photos'))) {
    for (const name of await folders(path.join(root, 'photos', studio))) {
      const folder = path.join(root, 'photos', studio, name);
      if (!named.has(`photos/${studio}/${name}`) && (await olderThan(folder, GRACE_MS))) await remove(folder);
    }
  }
  return removed;
}
