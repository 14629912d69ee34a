/**
 * At start, the photo store loses what no row will ever name: the incoming folders of processes
 * that died mid-upload, and photo folders without a row (left by an older version, or by a
 * process that died in the instant between moving its files and committing). Files another live
 * process is still writing are never taken: its incoming folder has a live owner, and a photo
 * folder is only removed once it is older than any upload can take.
 */
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import { INCOMING_FOLDER, ownerIsGone } from '../../storage/incoming';
import type { FileStore } from '../../storage/store';

/** Far longer than any upload between its first file and its commit (requests end after REQUEST_TIMEOUT_SECONDS, at most an hour). */
const GRACE_MS = 2 * 60 * 60 * 1000;

/** The folders (the first `depth` parts of each key) under `folder`, with the time of their newest file: an object store has no folder times. */
async function foldersOf(store: FileStore, folder: string, depth: number): Promise<Map<string, number>> {
  const newest = new Map<string, number>();
  for await (const file of store.list(folder, { unfinished: true })) {
    const name = file.key.split('/').slice(0, depth).join('/');
    newest.set(name, Math.max(newest.get(name) ?? 0, file.modified.getTime()));
  }
  return newest;
}

/** Removes what no row names from the photo store; answers how many folders went. */
export async function sweepPhotoStore(db: Db, store: FileStore): Promise<number> {
  let removed = 0;
  const remove = async (folder: string) => {
    await store.remove(folder);
    removed++;
  };
  const old = (time: number) => Date.now() - time > GRACE_MS;
  for (const [folder, time] of await foldersOf(store, INCOMING_FOLDER, 2)) {
    if (ownerIsGone(folder.slice(INCOMING_FOLDER.length + 1)) || old(time)) await remove(folder);
  }
  const named = new Set((await db.select({ key: photos.storageKey }).from(photos)).map((row) => row.key));
  // photos/<studio>/<photo>/<size>.jpg
  for (const [folder, time] of await foldersOf(store, 'photos', 3)) {
    if (!named.has(folder) && old(time)) await remove(folder);
  }
  return removed;
}
