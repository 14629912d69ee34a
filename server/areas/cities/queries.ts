import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities } from '../../db/schema';

type City = { id: number; name: string };

/** The provinces are reference data that never change while the app runs: read once per database. */
const read = new WeakMap<Db, Promise<City[]>>();

/** The 81 provinces in Turkish A–Z order. */
export function listCities(db: Db): Promise<City[]> {
  let list = read.get(db);
  if (!list) {
    // Executed here, once: the query builder itself would run its query again at every await.
    list = db
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .orderBy(sql`${cities.sortKey} COLLATE "C"`)
      .execute();
    read.set(db, list);
    // Not kept while the reference data is not there yet (a database being set up), nor after a failure.
    list.then(
      (rows) => rows.length === 0 && read.delete(db),
      () => read.delete(db),
    );
  }
  return list;
}
