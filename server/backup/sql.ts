/** Raw SQL helpers shared by dump and restore; they run on node-postgres and PGlite alike. */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A database or an open transaction: all the backup code needs is to run statements. */
export type Sql = Pick<Db, 'execute'>;

export async function query<T extends Record<string, unknown>>(db: Sql, statement: SQL) {
  return (await db.execute<T>(statement)).rows;
}
