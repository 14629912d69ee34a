/**
 * A recurring job per studio (and a round at every start, which is when a crash's leftovers are
 * newest) takes from the photo store what no row will ever name: the incoming files of processes
 * that died mid-upload, and photo folders without a row (left by an older version, or by a
 * process that died in the instant between moving its files and committing). Files another live
 * process is still writing are never taken: its incoming folder has a live owner, and a photo
 * folder is only removed once it is older than any upload can take. An incoming folder of another
 * machine's process cannot be asked whether its owner lives, so it goes once it is that old too.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import type { RecurringJob } from '../../jobs/app';
import { INCOMING_FOLDER, ownerIsGone } from '../../storage/incoming';
import type { FileStore } from '../../storage/store';

const SWEEP_JOB = 'photos.sweep';

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

/** Removes what no row names from a studio's part of the photo store; answers how many folders went. */
async function sweepPhotoStore(db: Db, store: FileStore, studioId: number, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  const remove = async (folder: string) => {
    // A process that is stopping does not wait for the sweep: the next round does the rest.
    signal?.throwIfAborted();
    await store.remove(folder);
    removed++;
  };
  const old = (time: number) => Date.now() - time > GRACE_MS;
  const studioFolder = `photos/s${studioId}`;
  // incoming/<owner>/photos-s<studio>-<photo>/<size>.jpg
  for (const [folder, time] of await foldersOf(store, INCOMING_FOLDER, 3)) {
    const [, owner = '', waiting = ''] = folder.split('/');
    if (waiting.startsWith(`${studioFolder.replace('/', '-')}-`) && (ownerIsGone(owner) || old(time))) await remove(folder);
  }
  const rows = await db.select({ key: photos.storageKey }).from(photos).where(eq(photos.studioId, studioId));
  const named = new Set(rows.map((row) => row.key));
  // photos/s<studio>/<photo>/<size>.jpg
  for (const [folder, time] of await foldersOf(store, studioFolder, 3)) {
    if (!named.has(folder) && old(time)) await remove(folder);
  }
  return removed;
}

/** The sweep as a recurring round per studio, hourly and at every start. */
export function sweepJob(db: Db, store: FileStore): RecurringJob {
  return {
    kind: SWEEP_JOB,
    everyMs: 60 * 60 * 1000,
    atStart: true,
    async handler(job, context) {
      const removed = await sweepPhotoStore(db, store, job.studioId, context.signal);
      // A round that found nothing reports 0 of 0 and leaves no row behind (jobs/queue.ts).
      await context.progress(removed, removed);
      return { removed };
    },
  };
}
