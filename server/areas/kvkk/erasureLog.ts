/**
 * The erasure log: one JSON line per erasure in DATA_DIR/erasures.jsonl, beside the database and
 * outside what a backup restores, so a restore of an older backup can erase those students again.
 * It holds ids, times and counts, never what was erased.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
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

/** Where a data folder keeps its erasure log. */
export const erasureLogFile = (dataDir: string) => path.join(dataDir, 'erasures.jsonl');

/** Appends one erasure and waits until it is on disk. */
export async function appendErasureLog(file: string, entry: LoggedErasure): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'a', 0o600);
  try {
    await handle.appendFile(`${JSON.stringify(entry)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every erasure logged, oldest first (a missing log has none; a torn last line is skipped). */
export async function readErasureLog(file: string): Promise<LoggedErasure[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: LoggedErasure[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as LoggedErasure;
      if (Number.isInteger(entry.id) && Number.isInteger(entry.studentId) && Number.isInteger(entry.studioId)) entries.push(entry);
    } catch {
      // A line cut short by a crash while it was written: that erasure never committed.
    }
  }
  return entries;
}
