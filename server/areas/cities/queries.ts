import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities } from '../../db/schema';

/** The 81 provinces in Turkish A–Z order. */
export function listCities(db: Db) {
  return db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .orderBy(sql`${cities.sortKey} COLLATE "C"`);
}
