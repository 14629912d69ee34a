import { eq, sql } from 'drizzle-orm';
import type { StudioInfo } from '../../../common/schemas/auth';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { single } from '../../db/rows';
import { studios } from '../../db/schema';

/** The studio's profile as the API answers it (the caller's own studio, which always exists). */
const studioById = preparedPer((db: Db) =>
  db
    .select()
    .from(studios)
    .where(eq(studios.id, sql.placeholder('id')))
    .limit(1)
    .prepare('studio_by_id'),
);

export async function studioInfo(db: Db, studioId: number): Promise<StudioInfo> {
  return studioInfoOf(single(await studioById(db).execute({ id: studioId })));
}

/** A studio row as the API answers it. */
export function studioInfoOf(row: typeof studios.$inferSelect): StudioInfo {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logoPath ? `/api/files/studio-logo/${row.id}?v=${row.updatedAt.getTime()}` : null,
    phone: row.phone,
    email: row.email,
    address: row.address,
    cityId: row.cityId,
    website: row.website,
    retentionMonths: row.retentionMonths,
    coverageGoal: row.coverageGoal,
    version: row.version,
  };
}
