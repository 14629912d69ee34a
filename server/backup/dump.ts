/**
 * The database as JSON lines, one file per table (database/<table>.jsonl, one row_to_json
 * object a line), read through cursors in one read-only REPEATABLE READ transaction: every
 * table comes from the same snapshot, and memory holds one batch whatever the tables' size.
 * Rows stay the text PostgreSQL wrote; they are never parsed here, so no value loses precision.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tableFile } from './archive';
import type { Manifest } from './manifest';
import { appliedMigrations } from './migrations';
import { query, type Sql } from './sql';
import { publicTables, TABLES_LEFT_OUT } from './tables';

const FETCH_ROWS = 2000;

export async function dumpDatabase(db: Db, folder: string): Promise<Pick<Manifest, 'migrations' | 'tables'>> {
  fs.mkdirSync(folder, { recursive: true });
  return db.transaction(
    async (tx) => {
      const migrations = await appliedMigrations(tx);
      const tables: Manifest['tables'] = [];
      for (const name of await publicTables(tx)) {
        if (TABLES_LEFT_OUT.has(name)) continue;
        tables.push({ name, rows: await dumpTable(tx, name, tableFile(folder, name)) });
      }
      return { migrations, tables };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpTable(tx: Sql, table: string, file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let rows = 0;
  try {
    await tx.execute(sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line FROM ${sql.identifier(table)} t`);
    for (;;) {
      const batch = await query<{ line: string }>(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM backup_rows`));
      if (!batch.length) break;
      rows += batch.length;
      if (!out.write(batch.map((r) => r.line).join('\n') + '\n')) await once(out, 'drain');
    }
    await tx.execute(sql`CLOSE backup_rows`);
    out.end();
    await finished(out);
    return rows;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
