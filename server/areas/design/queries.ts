import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_DESIGN, designSettings, type DesignSettings } from '../../../common/schemas/design';
import type { Db } from '../../db/client';
import { designs } from '../../db/schema';

/** The studio's design, or a school's override of it when there is one. */
export async function effectiveDesign(db: Db, studioId: number, schoolId: number | null): Promise<DesignSettings> {
  const studioRow = await db
    .select({ settings: designs.settings })
    .from(designs)
    .where(and(eq(designs.studioId, studioId), isNull(designs.schoolId)))
    .limit(1);
  let settings: DesignSettings = { ...DEFAULT_DESIGN, ...parse(studioRow[0]?.settings) };
  if (schoolId) {
    const schoolRow = await db
      .select({ settings: designs.settings })
      .from(designs)
      .where(and(eq(designs.studioId, studioId), eq(designs.schoolId, schoolId)))
      .limit(1);
    settings = { ...settings, ...parse(schoolRow[0]?.settings) };
  }
  return settings;
}

function parse(value: unknown): Partial<DesignSettings> {
  const result = designSettings.partial().safeParse(value ?? {});
  return result.success ? result.data : {};
}

/** The design row of the studio (schoolId null) or of a school's override, if there is one. */
export async function designRow(db: Db, studioId: number, schoolId: number | null) {
  const [row] = await db
    .select()
    .from(designs)
    .where(and(eq(designs.studioId, studioId), schoolId === null ? isNull(designs.schoolId) : eq(designs.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}
