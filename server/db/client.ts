/**
 * Opens the database: PGlite (PostgreSQL in WASM) kept under DATA_DIR by default, or a real
 * PostgreSQL when DATABASE_URL is set. Both get the same Drizzle schema and migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { paths } from '../paths';
import * as schema from './schema';
import { watchPostgres, type Watch, type WatchHandlers } from './watch';

/**
 * The database or an open transaction: both drivers (PGlite's bridge and PostgreSQL) speak
 * node-postgres, so raw queries answer `{ rows }` either way. Reads take this.
 */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;
/** An open transaction: a write and its audit entry take this, so they can only go together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of a folder (the app's own unless told). */
  migrate(folder?: string): Promise<void>;
  /** The embedded database's folder as a tar file (tests start from one). */
  dumpPglite?(): Promise<Blob>;
  /** Notifications on a channel, from commits of this process and of others. */
  watch(channel: string, handlers: WatchHandlers): Promise<Watch>;
  /** The connection pool as it stands (for /metrics): connections open, idle, and queries waiting for one. */
  connections(): PoolCounts;
  close(): Promise<void>;
}

interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

const countsOf = (pool: { totalCount: number; idleCount: number; waitingCount: number }) => (): PoolCounts => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** The advisory lock key migrations hold on PostgreSQL ("yp" + "migr" as bytes; any fixed number would do). */
const MIGRATION_LOCK = 0x7970_6d69;

export interface OpenOptions {
  databaseUrl?: string;
  /** null → an in-memory PGlite (tests). */
  dataDir: string | null;
  /** false → leave the schema as it is (a restore decides how far to migrate). */
  migrate?: boolean;
  /** An in-memory PGlite starts from this dump of a data folder instead of an empty one (tests). */
  pgliteTemplate?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = await connect(options);
  if (options.migrate !== false) {
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function connect(options: OpenOptions): Promise<Database> {
  // DATE columns stay 'yyyy-mm-dd' strings, as the API sends them (node-postgres serves both databases).
  const { default: pgTypes } = await import('pg');
  pgTypes.types.setTypeParser(1082, (v: string) => v);
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that does not answer turns into a quick 503, not a request hanging for minutes.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection the server ended (restart, pg_terminate_backend) is dropped from the
    // pool and replaced on next use; unhandled, this event would end the process.
    pool.on('error', (error) => console.warn(JSON.stringify({ level: 40, msg: 'database connection lost', code: (error as { code?: string }).code })));
    const db = drizzle(pool, { schema });
    return {
      db,
      kind: 'postgres',
      // Two processes starting together on one database take turns, so a migration runs once.
      migrate: async (folder = paths.migrations) => {
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrate(db, { migrationsFolder: folder });
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      watch: async (channel, handlers) => watchPostgres(options.databaseUrl!, channel, handlers),
      connections: countsOf(pool),
      close: () => pool.end(),
    };
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    unlock = lockDataFolder(options.dataDir);
    dataDir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  try {
    // Loaded only for the embedded database: a server on PostgreSQL never loads PGlite's modules.
    const { startPgliteThread } = await import('./pgliteThread');
    const thread = await startPgliteThread({ dataDir, template: dataDir ? undefined : options.pgliteTemplate });
    const db = drizzle(thread.pool, { schema });
    return {
      db,
      kind: 'pglite',
      migrate: (folder = paths.migrations) => migrate(db, { migrationsFolder: folder }),
      dumpPglite: () => thread.dump(),
      connections: countsOf(thread.pool),
      async watch(channel, handlers) {
        const stop = await thread.listen(channel, handlers.message);
        // One process, and its notifications arrive before the answer of the commit that sent them.
        return { live: true, settle: async () => true, close: async () => stop() };
      },
      close: () => thread.close().finally(unlock),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Another process has the PGlite data folder open. */
export class DataFolderInUseError extends Error {}

/** Lock files this process holds, so its own pid in a lock file can be told apart from a previous run's. */
const heldLocks = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a lock file (NaN when unreadable), or undefined when the file is gone. */
function lockOwner(file: string): number | undefined {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * PGlite's files may be opened by one process only; a second one would corrupt them. So a
 * data folder is taken with DATA_DIR/pglite.lock holding the owner's pid, and a lock left by a
 * process that no longer runs is taken over. Answers the function that releases it.
 */
function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      heldLocks.add(file);
      return () => {
        heldLocks.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = lockOwner(file);
    if (owner === undefined) continue; // released meanwhile
    // After a container restart the app often gets the same pid as the run that left the lock.
    const ownedByEarlierRun = owner === process.pid && !heldLocks.has(file);
    if (owner > 0 && isRunning(owner) && !ownedByEarlierRun) {
      throw new DataFolderInUseError(
        `Bu veri klasörü başka bir işlem tarafından kullanılıyor (pid ${owner}): ${dataDir}. Uygulamayı durdurup tekrar deneyin; ` +
          `böyle bir işlem yoksa ${file} dosyasını silin.\n` +
          `This data folder is in use by another process (pid ${owner}): ${dataDir}. Stop the app and try again; ` +
          `if no such process runs, delete ${file}.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
