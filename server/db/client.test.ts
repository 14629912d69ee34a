/**
 * Two app processes starting together on one database: on PostgreSQL they take turns with the
 * migrations (each runs once, both processes end up open); a PGlite data folder admits one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DataFolderInUseError, openDatabase } from './client';
import { createPostgresDatabase } from '../test/database';

it('lets two processes start on one database at once without running a migration twice', async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const target = await createPostgresDatabase(baseUrl, 'yp_twice');
    try {
      const both = await Promise.all([openDatabase({ databaseUrl: target.url, dataDir: null }), openDatabase({ databaseUrl: target.url, dataDir: null })]);
      const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8'));
      const applied = await both[0].db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      await Promise.all(both.map((d) => d.close()));
    } finally {
      await target.drop();
    }
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-twice-'));
  try {
    const results = await Promise.allSettled([openDatabase({ dataDir }), openDatabase({ dataDir })]);
    const opened = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(opened).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(DataFolderInUseError);
    await (opened[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>).value.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
