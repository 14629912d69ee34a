/** The database a restore writes into, and the check that it is empty enough to take the archive. */
import { openDatabase, type Database, type Db } from '../db/client';
import { backupErrors } from './messages';
import { migrationTime, appliedMigrations } from './migrations';
import { DERIVED_TABLES, publicTables, REFERENCE_TABLES, tablesWithRows } from './tables';

/** Opened as the app opens it (driver, PGlite folder and its lock) but not migrated: restore decides how far. */
export function openRestoreTarget(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return openDatabase({ ...options, migrate: false });
}

/**
 * Throws unless the target holds no rows besides reference data and has at most the
 * archive's migrations, all of them the app's own (then the archive's schema can be built).
 */
export async function assertEmptyTarget(db: Db, archiveMigrations: number, where: string): Promise<void> {
  const filled = (await tablesWithRows(db, await publicTables(db))).filter((t) => !REFERENCE_TABLES.has(t) && !DERIVED_TABLES.has(t));
  if (filled.length) throw backupErrors.targetNotEmpty(`${where} (${filled.join(', ')})`);
  const target = await appliedMigrations(db);
  if (target.applied > archiveMigrations) throw backupErrors.targetMigratedFurther(target.applied, archiveMigrations);
  if (migrationTime(target.applied) !== target.latest) throw backupErrors.otherMigrations();
}
