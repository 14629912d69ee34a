/**
 * Where an upload's files wait until their row is written: incoming/<owner>/… in the photo store,
 * moved to their place in the same transaction that writes the row. A process that dies
 * mid-upload (kill -9, a power cut) leaves its files only here, never among the photos, and a
 * start removes what a dead process left (see areas/photos/orphans.ts). The owner names the host,
 * the process id and this start, so a start never takes the files of another live process.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

export const INCOMING_FOLDER = 'incoming';

const host = () =>
  os
    .hostname()
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '') || 'host';

/** This process's folder name: host, process id, and a random tag of this start. */
const OWNER = `${host()}-${process.pid}-${randomBytes(4).toString('hex')}`;

/** The waiting key of the files that will be `storageKey` once their row is written. */
export const incomingKey = (storageKey: string) => `${INCOMING_FOLDER}/${OWNER}/${storageKey.replace(/\//g, '-')}`;

/** Whether an incoming folder's owner is provably gone: this host's process that no longer runs, or an earlier start of this very process id. */
export function ownerIsGone(folder: string): boolean {
  const [folderHost, pid, tag] = folder.split('-');
  if (folderHost !== host() || !pid || !tag || !/^\d+$/.test(pid)) return false;
  if (Number(pid) === process.pid) return folder !== OWNER;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
