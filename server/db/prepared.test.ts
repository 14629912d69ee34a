/**
 * The hot path's prepared statements are executed without Drizzle's per-row work (prepared.ts):
 * they must answer exactly what Drizzle's own execution answers — the same row objects, nested
 * objects of a left join that found nothing as null, decoded dates and numbers, encoded values —
 * and fail the same way.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../test/database';
import { createWorld, type World } from '../test/fixtures';
import type { Db } from './client';
import { preparedPer } from './prepared';
import { branches, cities, schools, studios } from './schema';

let database: TestDatabase;
let world: World;
beforeAll(async () => {
  database = await startTestDatabase();
  world = await createWorld(database.db);
});
afterAll(() => database.drop());

/** Schools with their city and (left joined) a branch of grade `grade`, a count and a date compared with an encoded value. */
const schoolsWithBranch = (db: Db, name: string) =>
  db
    .select({
      school: schools,
      city: { id: cities.id, name: cities.name },
      branch: { id: branches.id, section: branches.section },
      branches: sql<number>`(select count(*) from branches b where b.school_id = ${schools.id})`.mapWith(Number),
      studioName: sql<string>`(select s.name from studios s where s.id = ${schools.studioId})`,
    })
    .from(schools)
    .innerJoin(cities, eq(cities.id, schools.cityId))
    .leftJoin(branches, and(eq(branches.schoolId, schools.id), eq(branches.grade, sql.placeholder('grade'))))
    .where(and(eq(schools.studioId, sql.placeholder('studioId')), gt(schools.createdAt, sql.placeholder('since'))))
    .orderBy(schools.id, branches.id)
    .prepare(name);

const lean = preparedPer((db: Db) => schoolsWithBranch(db, 'test_lean_schools'));
const countOf = preparedPer((db: Db) =>
  db
    .select({ n: count() })
    .from(studios)
    .where(eq(studios.id, sql.placeholder('id')))
    .prepare('test_lean_count'),
);

describe('a prepared statement of the hot path', () => {
  it('answers the rows Drizzle answers, a left join that found nothing as null', async () => {
    for (const grade of [9, 12, 99]) {
      const values = { studioId: world.studio.id, grade, since: new Date('2000-01-01') };
      const drizzles = await schoolsWithBranch(database.db, `test_drizzle_schools_${grade}`).execute(values);
      const statement = lean(database.db);
      // Executed the lean way, not by Drizzle's own execute.
      expect(Object.hasOwn(statement, 'execute')).toBe(true);
      const ours = await statement.execute(values);
      expect(ours).toEqual(drizzles);
      expect(ours.length).toBeGreaterThan(0);
    }
    const [first] = await lean(database.db).execute({ studioId: world.studio.id, grade: 99, since: new Date('2000-01-01') });
    expect(first!.branch).toBeNull();
    expect(first!.school.createdAt).toBeInstanceOf(Date);
    expect(typeof first!.branches).toBe('number');
  });

  it('answers no rows for values that match none, and counts as numbers', async () => {
    expect(await lean(database.db).execute({ studioId: world.studio.id, grade: 9, since: new Date('2999-01-01') })).toEqual([]);
    expect(await countOf(database.db).execute({ id: world.studio.id })).toEqual([{ n: 1 }]);
  });

  it('refuses a missing value and wraps a database error as Drizzle does', async () => {
    await expect(lean(database.db).execute({ studioId: world.studio.id, grade: 9 })).rejects.toThrow('No value for placeholder "since" was provided');
    const failed = await lean(database.db)
      .execute({ studioId: 'not a number', grade: 9, since: new Date() })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/^Failed query: select /);
    expect(((failed as Error).cause as { code?: string }).code).toBe('22P02');
  });
});
