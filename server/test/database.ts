/**
 * A database per test file: an in-memory PGlite, or — when DATABASE_URL is set — a fresh
 * PostgreSQL database created on that server and dropped afterwards. Same migrations either way.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { seedReferenceData } from '../db/seed/reference';
import { afterAll, beforeAll, inject } from 'vitest';
import { createWorld, type World } from './fixtures';
import type { Pool } from 'pg';

export interface TestDatabase extends Database {
  /** Deletes every row but the provinces, restarting ids. */
  reset(): Promise<void>;
  drop(): Promise<void>;
}

/** Runs one statement on its own connection to a PostgreSQL server (creating, dropping, closing databases). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * pg's pool.end() resolves before its sockets have closed; a DROP … WITH (FORCE) right then
 * terminates those closing connections, which surface as uncaught errors in the test worker.
 * So drop politely, retrying while the last sessions go away, and force only as a last resort.
 */
async function dropWhenClosed(baseUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** A fresh PostgreSQL database on the DATABASE_URL server, empty or a copy of `template`; returns its URL. */
export async function createPostgresDatabase(baseUrl: string, prefix = 'yp_test', template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropWhenClosed(baseUrl, name) };
}

/** The migrated PGlite the global setup dumped, when there is one (under Vitest; benchmarks start empty). */
function pgliteTemplate(): Blob | undefined {
  if (!process.env.VITEST) return undefined;
  const file = inject('pgliteTemplate');
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** The migrated PostgreSQL database the global setup made, when there is one (under Vitest; benchmarks start empty). */
function postgresTemplate(): string | undefined {
  return (process.env.VITEST && inject('postgresTemplate')) || undefined;
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  const copied = baseUrl ? postgresTemplate() : undefined;
  const pgDatabase = baseUrl ? await createPostgresDatabase(baseUrl, 'yp_test', copied) : undefined;
  const template = pgDatabase ? undefined : pgliteTemplate();
  // A copy of a template is migrated already: opening it finds nothing to apply.
  const database = await openDatabase({ databaseUrl: pgDatabase?.url, dataDir: null, pgliteTemplate: template });
  if (!template && !copied) await seedReferenceData(database.db);
  return {
    ...database,
    async reset() {
      const rows = await database.db.execute<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'cities'`);
      const tables = rows.rows.map((r) => `"${r.tablename}"`);
      if (tables.length) await database.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
    },
    async drop() {
      await database.close();
      await pgDatabase?.drop();
    },
  };
}

/**
 * A test database with the world in it for the file's tests (started before them, dropped after);
 * its fields are there once the tests run.
 */
export function useTestWorld(): { database: TestDatabase; world: World } {
  const kit = {} as { database: TestDatabase; world: World };
  beforeAll(async () => {
    kit.database = await startTestDatabase();
    kit.world = await createWorld(kit.database.db);
  });
  afterAll(() => kit.database.drop());
  return kit;
}

/**
 * The world on a PostgreSQL database of its own (on DATABASE_URL's server, else the local one),
 * with a pool of plain connections beside the app's, for the tests that need PostgreSQL itself:
 * transactions side by side, its planner. Opened before the file's tests, dropped after them.
 */
export function usePostgresWorld(name: string): { url: string; database: Database; pool: Pool; world: World } {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const kit = {} as { url: string; database: Database; pool: Pool; world: World };
  let target: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    // The run's template lives on DATABASE_URL's server; on the local one without it, migrate.
    const copied = process.env.DATABASE_URL ? postgresTemplate() : undefined;
    target = await createPostgresDatabase(baseUrl, `yp_${name}`, copied);
    kit.url = target.url;
    kit.database = await openDatabase({ databaseUrl: target.url, dataDir: null });
    if (!copied) await seedReferenceData(kit.database.db);
    kit.world = await createWorld(kit.database.db);
    const { default: pg } = await import('pg');
    kit.pool = new pg.Pool({ connectionString: target.url, max: 4 });
  });
  afterAll(async () => {
    await kit.pool?.end();
    await kit.database?.close();
    await target?.drop();
  });
  return kit;
}
