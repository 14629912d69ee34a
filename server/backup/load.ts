/**
 * Loads the archive's rows into the target in one transaction: parents before children,
 * each table in batches handed to json_populate_recordset as one JSON array, so the lines
 * are never parsed in JavaScript and memory holds one batch at a time.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tableFile } from './archive';
import type { Manifest } from './manifest';
import { backupErrors } from './messages';
import type { Sql } from './sql';
import { continueSequences, foreignKeys, insertableColumns, parentsFirst, publicTables } from './tables';

const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;

/** Answers the rows written. */
export async function loadDatabase(db: Db, databaseFolder: string, tables: Manifest['tables']): Promise<number> {
  const existing = new Set(await publicTables(db));
  for (const { name } of tables) if (!existing.has(name)) throw backupErrors.unknownTable(name);
  const expected = new Map(tables.map((t) => [t.name, t.rows]));
  const order = parentsFirst([...expected.keys()], await foreignKeys(db));
  return db.transaction(async (tx) => {
    // The target may hold reference rows (cities) the app seeded; the archive's own replace them.
    for (const table of [...order].reverse()) await tx.execute(sql`DELETE FROM ${sql.identifier(table)}`);
    let written = 0;
    for (const table of order) {
      const rows = await loadTable(tx, table, tableFile(databaseFolder, table));
      if (rows !== expected.get(table)) throw backupErrors.rowsMissing(table, expected.get(table)!, rows);
      written += rows;
    }
    await continueSequences(tx);
    return written;
  });
}

async function loadTable(tx: Sql, table: string, file: string): Promise<number> {
  const columns = sql.join(
    (await insertableColumns(tx, table)).map((c) => sql.identifier(c)),
    sql`, `,
  );
  const insert = async (lines: string[]) => {
    try {
      await tx.execute(
        sql`INSERT INTO ${sql.identifier(table)} (${columns}) OVERRIDING SYSTEM VALUE
          SELECT ${columns} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${`[${lines.join(',')}]`}::json)`,
      );
    } catch (error) {
      // The database's error carries the rows (the query's parameter, a key's value): only where and why go on.
      throw backupErrors.rowsRefused(table, rows + 1, rows + lines.length, refusalOf(error));
    }
  };
  // A missing file counts as no rows; the caller compares with the manifest.
  if (!fs.existsSync(file)) return 0;
  let rows = 0;
  let batch: string[] = [];
  let batchBytes = 0;
  const input = fs.createReadStream(file);
  try {
    for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
      if (!line) continue;
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) {
        await insert(batch);
        rows += batch.length;
        batch = [];
        batchBytes = 0;
      }
    }
  } finally {
    input.destroy();
  }
  if (batch.length) {
    await insert(batch);
    rows += batch.length;
  }
  return rows;
}

/** The database's code and constraint of a refused write: never its message or detail, which may quote values. */
function refusalOf(error: unknown): string {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; constraint?: unknown; column?: unknown };
  const said = [cause.code, cause.constraint, cause.column].filter((part) => typeof part === 'string' && /^[\w.-]{1,100}$/.test(part));
  return said.length ? said.join(', ') : 'unknown error';
}
