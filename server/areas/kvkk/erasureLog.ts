/**
 * The erasure log: one small JSON file per erasure in the file store's erasure log
 * (`Storage.erasures`: DATA_DIR/erasures, or the bucket's erasures/ prefix), beside the photos but
 * outside what a backup carries and a restore fills, so a restore of an older backup, on this node
 * or another one reading the same store, can erase those students again. It holds ids, times and
 * counts, never what was erased.
 */
import type { FileStore } from '../../storage/store';
import type { ErasureCounts } from './erasure';

export interface LoggedErasure {
  id: number;
  studioId: number;
  schoolId: number | null;
  studentId: number;
  erasedByName: string;
  erasedAt: string;
  counts: ErasureCounts | Record<string, number>;
}

const keyOf = (id: number) => `erasure-${id}`;

/** Writes one erasure; the store shows it only once it is whole (a disk file is renamed in, an object is one PUT). */
export async function appendErasureLog(log: FileStore, entry: LoggedErasure): Promise<void> {
  await log.put(keyOf(entry.id), Buffer.from(JSON.stringify(entry)));
}

/** Every erasure logged, oldest first (an empty store has none; an entry that does not read as one is skipped). */
export async function readErasureLog(log: FileStore): Promise<LoggedErasure[]> {
  const entries: LoggedErasure[] = [];
  for await (const file of log.list('')) {
    if (!/^erasure-\d+$/.test(file.key)) continue;
    const bytes = await log.get(file.key);
    if (!bytes) continue;
    try {
      const entry = JSON.parse(bytes.toString('utf8')) as LoggedErasure;
      if (Number.isInteger(entry.id) && Number.isInteger(entry.studentId) && Number.isInteger(entry.studioId)) entries.push(entry);
    } catch {
      // Not an entry of ours.
    }
  }
  return entries.sort((a, b) => a.id - b.id);
}
