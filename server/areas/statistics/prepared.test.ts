import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statisticsFor } from './queries';
import { startTestDatabase, type TestDatabase } from '../../test/database';
import { createWorld, type World } from '../../test/fixtures';

let database: TestDatabase;
let world: World;
beforeAll(async () => {
  database = await startTestDatabase();
  world = await createWorld(database.db);
});
afterAll(() => database.drop());

it('keeps answering from its prepared statements after the pool replaced a connection (a failed query)', async () => {
  const caller = { userId: 0, sessionId: 0, studioId: world.studio.id, level: 'panel', schoolId: null, branchId: null, name: '', email: '' } as const;
  const first = await statisticsFor(database.db, caller);
  expect(first.schools).toBeGreaterThan(0);
  // A failing statement makes the pool end that client; the next one is a new connection.
  await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
  expect(await statisticsFor(database.db, caller)).toEqual(first);
});
