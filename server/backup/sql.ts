/** Raw SQL helpers shared by dump and restore; they run on node-postgres and PGlite alike. */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A database or an open transaction: all the backup code needs is to run statements. */
export type Sql = Pick<Db, 'execute'>;

/** Both drivers answer with `{ rows }`. */
export async function query<T>(db: Sql, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}
