/** Small shapes of query answers, typed for what they are known to hold. */
import { count, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The row a statement is known to answer (an INSERT … RETURNING, or an UPDATE of a row just read); none is a fault. */
export function single<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('the statement answered no row');
  return row;
}

/** Inserts one row and answers it as stored (ids, defaults). */
export async function insertOne<T extends PgTable>(db: Db, table: T, values: PgInsertValue<T>): Promise<T['$inferSelect']> {
  return single((await db.insert(table).values(values).returning()) as T['$inferSelect'][]);
}

/** How many rows of a table the condition keeps. */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  return Number(single(await db.select({ n: count() }).from(table).where(where)).n);
}
