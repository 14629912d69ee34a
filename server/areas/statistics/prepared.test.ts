import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { statisticsFor } from './queries';
import { useTestWorld } from '../../test/database';
import { panelCaller } from '../../test/fixtures';

const kit = useTestWorld();

it('keeps answering from its prepared statements after the pool replaced a connection (a failed query)', async () => {
  const caller = panelCaller(kit.world);
  const first = await statisticsFor(kit.database.db, caller);
  expect(first.schools).toBeGreaterThan(0);
  // A failing statement makes the pool end that client; the next one is a new connection.
  await expect(kit.database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
  expect(await statisticsFor(kit.database.db, caller)).toEqual(first);
});
