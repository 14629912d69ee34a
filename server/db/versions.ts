/**
 * Optimistic concurrency: an edit names the version of the record it was based on, and is
 * written only while the row is still at that version. A trigger adds one to the version on
 * every update that changes the row, so two people saving one record cannot both win: the
 * later one gets a 409 and can reload the record without losing what they typed.
 */
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { tr } from '../../common/tr';
import { HttpError } from '../core/errors';
import type { Db } from './client';

export const staleRecord = () => new HttpError(409, tr.staleRecord, { version: tr.staleRecord });

/** Refuses an edit based on another version than the one just read (before any other check runs). */
export function assertVersion(row: { version: number }, version: number): void {
  if (row.version !== version) throw staleRecord();
}

type Versioned = PgTable & { id: PgColumn; version: PgColumn };

/**
 * Updates one row only if it is still at `version`, in one statement (a concurrent writer of the
 * same row waits for the other's commit and then finds the version moved on); answers the row as
 * stored, or throws the 409 when someone else changed it first.
 */
export async function updateAtVersion<T extends Versioned>(
  db: Db,
  table: T,
  id: number,
  version: number,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const rows = (await db
    .update(table as PgTable)
    .set(values as PgUpdateSetSource<PgTable>)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning()) as T['$inferSelect'][];
  const [row] = rows;
  if (row === undefined) throw staleRecord();
  return row;
}

/**
 * Inside a transaction: locks the row and refuses the edit unless it is still at `version`, for a
 * write of several statements (an edit of the text and a moderation of one message). A second
 * writer waits at the lock, then finds the version moved on.
 */
export async function lockAtVersion(tx: Db, table: Versioned, id: number, version: number): Promise<void> {
  const [row] = await tx
    .select({ version: table.version })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  if (!row || row.version !== version) throw staleRecord();
}
