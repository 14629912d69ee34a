/**
 * Which of the app's migrations a database has, and a migrations folder that stops after the
 * first N: a restore builds the schema the archive was dumped from, loads the rows into it and
 * only then applies the later migrations, so those migrate the restored data as they would
 * have on the original database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { single } from '../db/rows';
import { paths } from '../paths';
import { tempFolderSync } from '../storage/tempFolder';
import type { Manifest } from './manifest';
import { backupErrors } from './messages';
import { query, type Sql } from './sql';

interface JournalEntry {
  tag: string;
  when: number;
}

/** The app's migrations, oldest first, from drizzle's journal. */
export function appMigrations(folder = paths.migrations): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** Drizzle keeps one row per applied migration, `created_at` being the journal's `when`. */
export async function appliedMigrations(db: Sql): Promise<Manifest['migrations']> {
  const table = single(await query<{ present: boolean }>(db, sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`));
  if (!table.present) return { applied: 0, latest: null };
  const row = single(
    await query<{ applied: number; latest: string | null }>(
      db,
      sql`SELECT count(*)::int AS applied, max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
    ),
  );
  return { applied: row.applied, latest: row.latest === null ? null : Number(row.latest) };
}

/** Throws unless this version of the app knows every migration the database had. */
export function assertKnownMigrations(migrations: Manifest['migrations']): void {
  const known = appMigrations();
  if (migrations.applied > known.length) throw backupErrors.newerArchive(migrations.applied, known.length);
  if (migrations.latest !== migrationTime(migrations.applied)) throw backupErrors.otherMigrations();
}

/** The journal time of the app's first `count` migrations' last one (null for none, or for more than this version knows). */
export function migrationTime(count: number): number | null {
  return count === 0 ? null : (appMigrations()[count - 1]?.when ?? null);
}

/** A temporary copy of the migrations folder whose journal ends after `count` entries. */
export function migrationsUpTo(count: number): { folder: string; remove(): void } {
  const temp = tempFolderSync('migrations');
  const folder = temp.path;
  const journal = JSON.parse(fs.readFileSync(path.join(paths.migrations, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
  for (const entry of journal.entries) fs.copyFileSync(path.join(paths.migrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, remove: temp.remove };
}
