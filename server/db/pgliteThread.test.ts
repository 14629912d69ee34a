/**
 * The embedded database's thread, shared by several clients of the app's pool: queries of many
 * requests wait at the thread together, yet a transaction has the one session to itself, every
 * client uses the statements any client prepared, and the thread vacuums what changed while the
 * app is idle (PGlite has no autovacuum); answers cross the thread as they were written.
 * PGlite only (the PostgreSQL run leaves this file out): PostgreSQL has sessions and autovacuum.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { statisticsFor } from '../areas/statistics/queries';
import { useTestWorld } from '../test/database';
import { panelCaller } from '../test/fixtures';
import { cities } from './schema';

const kit = useTestWorld();

describe('the PGlite thread', () => {
  it('keeps the queries of other requests out of an open transaction', async () => {
    // Sent at once (a query builder alone would wait to be awaited).
    const nameOf6 = () => kit.database.db.select({ name: cities.name }).from(cities).where(eq(cities.id, 6)).execute();
    // Every client of the pool connected, so the reads below go out at once.
    await Promise.all(Array.from({ length: 8 }, nameOf6));
    const outside: Array<Promise<unknown>> = [];
    const renamed = kit.database.db.transaction(async (tx) => {
      await tx.update(cities).set({ name: 'Geçici' }).where(eq(cities.id, 6));
      // Other requests read while the change is not committed; then it is rolled back.
      for (let i = 0; i < 5; i++) {
        outside.push(nameOf6());
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`select 1`);
      }
      tx.rollback();
    });
    await expect(renamed).rejects.toThrow();
    const seen = (await Promise.all(outside)) as Array<Array<{ name: string }>>;
    expect(seen.map((rows) => rows[0]?.name)).toEqual(Array(5).fill('Ankara'));
  });

  it('lets every client use a statement another client prepared, also when they ask at once', async () => {
    const caller = panelCaller(kit.world);
    const answers = await Promise.all(Array.from({ length: 12 }, () => statisticsFor(kit.database.db, caller)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.schools).toBeGreaterThan(0);
  });

  it('answers rows as PostgreSQL wrote them: nulls, empty texts, Turkish letters and answers of many rows', async () => {
    const { rows } = await kit.database.db.execute<{ nothing: string | null; empty: string; word: string; n: number }>(
      sql`select null::text as nothing, '' as empty, 'Işık Çağrı Güneş' as word, 7::int as n`,
    );
    expect(rows).toEqual([{ nothing: null, empty: '', word: 'Işık Çağrı Güneş', n: 7 }]);
    const many = await kit.database.db.execute<{ line: string }>(sql`select repeat('ğ', g) as line from generate_series(1, 600) g`);
    expect(many.rows.map((row) => row.line.length)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    // A failing statement answers its error, and the session goes on.
    await expect(kit.database.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { code: '22012', message: 'division by zero' } });
    expect((await kit.database.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('vacuums a table with many new rows once the app is idle', async () => {
    await kit.database.db.execute(sql`create table upkeep_check (id int primary key)`);
    await kit.database.db.execute(sql`insert into upkeep_check select g from generate_series(1, 5000) g`);
    const vacuumed = async () => {
      const { rows } = await kit.database.db.execute<{ at: Date | null }>(
        sql`select last_vacuum as at from pg_stat_user_tables where relname = 'upkeep_check'`,
      );
      return rows[0]?.at ?? null;
    };
    // Each look is a request; the gaps between them leave the thread idle.
    await vi.waitFor(async () => expect(await vacuumed()).not.toBeNull(), { timeout: 60_000, interval: 2_500 });
  }, 90_000);
});
