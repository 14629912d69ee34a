import { sql } from 'drizzle-orm';
import { orderKey } from '../../../common/text';
import type { Db } from '../client';
import { cities } from '../schema';
import { PROVINCES } from './provinces';

/** The 81 provinces; reference data present in every database, demo or not. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(cities)
    .values(PROVINCES.map(([id, name]) => ({ id, name, sortKey: orderKey(name) })))
    .onConflictDoUpdate({ target: cities.id, set: { name: sql`excluded.name`, sortKey: sql`excluded.sort_key` } });
}
