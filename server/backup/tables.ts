/** The tables of the `public` schema, the order foreign keys force on inserts, and their sequences. */
import { sql } from 'drizzle-orm';
import { query, type Sql } from './sql';

/**
 * Kept by triggers from other tables' rows: rebuilt as those rows load (restored as well, they
 * would count twice), and no data of their own, so they neither go into archives nor make a target non-empty.
 */
export const DERIVED_TABLES = new Set(['scope_counts', 'studio_counts']);

/**
 * Left out of archives: restored sign-ins and lock-outs would surprise whoever restores them;
 * derived tables are rebuilt; face descriptors (biometric data) never leave the server, and the
 * next face scan makes them again from the portraits of students whose consent still stands.
 */
export const TABLES_LEFT_OUT = new Set(['sessions', 'student_sessions', 'login_failures', 'student_faces', ...DERIVED_TABLES]);

/** Reference data every database gets anyway; it may be present in an otherwise empty target. */
export const REFERENCE_TABLES = new Set(['cities']);

export async function publicTables(db: Sql): Promise<string[]> {
  const rows = await query<{ name: string }>(db, sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  return rows.map((r) => r.name);
}

/** Tables of `tables` holding at least one row. */
export async function tablesWithRows(db: Sql, tables: string[]): Promise<string[]> {
  if (!tables.length) return [];
  const probes = tables.map((t) => sql`SELECT ${t}::text AS name WHERE EXISTS (SELECT 1 FROM ${sql.identifier(t)})`);
  const rows = await query<{ name: string }>(db, sql.join(probes, sql` UNION ALL `));
  return rows.map((r) => r.name);
}

/** Every (child → parent) foreign key between two tables of the `public` schema. */
export async function foreignKeys(db: Sql): Promise<Array<{ child: string; parent: string }>> {
  return query(
    db,
    sql`SELECT child.relname AS child, parent.relname AS parent
        FROM pg_constraint c
        JOIN pg_class child ON child.oid = c.conrelid
        JOIN pg_namespace cn ON cn.oid = child.relnamespace
        JOIN pg_class parent ON parent.oid = c.confrelid
        JOIN pg_namespace pn ON pn.oid = parent.relnamespace
        WHERE c.contype = 'f' AND cn.nspname = 'public' AND pn.nspname = 'public'`,
  );
}

/**
 * `tables` ordered so that every table comes after the tables it references (alphabetical
 * among equals, so the order is stable). A table referencing itself needs no order; tables
 * in a cycle go last in alphabetical order, and the database tells if their rows do not fit.
 */
export function parentsFirst(tables: string[], keys: Array<{ child: string; parent: string }>): string[] {
  const wanted = new Set(tables);
  const waitingFor = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of keys) {
    if (child !== parent && wanted.has(child) && wanted.has(parent)) waitingFor.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const left = [...tables].sort();
  while (left.length) {
    const next = left.findIndex((t) => [...waitingFor.get(t)!].every((parent) => ordered.includes(parent)));
    ordered.push(...left.splice(next === -1 ? 0 : next, 1));
  }
  return ordered;
}

/** Columns an INSERT may name: not dropped, not generated. */
export async function insertableColumns(db: Sql, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`SELECT a.attname AS name
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname = ${table} AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        ORDER BY a.attnum`,
  );
  return rows.map((r) => r.name);
}

/** Sets each serial or identity sequence of the `public` schema to continue after its column's largest value. */
export async function continueSequences(db: Sql): Promise<void> {
  const columns = await query<{ table: string; column: string; sequence: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column", pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS "sequence"
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) IS NOT NULL`,
  );
  for (const { table, column, sequence } of columns) {
    // setval(…, false): the next value handed out is exactly max + 1 (1 for an empty table).
    await db.execute(sql`SELECT setval(${sequence}::regclass, COALESCE((SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(table)}), 0) + 1, false)`);
  }
}
