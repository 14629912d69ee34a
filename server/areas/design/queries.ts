import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_DESIGN, designSettings, type DesignSettings } from '../../../common/schemas/design';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { designs } from '../../db/schema';

const settingsOf = preparedPer((db: Db) => ({
  studio: db
    .select({ settings: designs.settings })
    .from(designs)
    .where(and(eq(designs.studioId, sql.placeholder('studioId')), isNull(designs.schoolId)))
    .limit(1)
    .prepare('design_of_studio'),
  school: db
    .select({ settings: designs.settings })
    .from(designs)
    .where(and(eq(designs.studioId, sql.placeholder('studioId')), eq(designs.schoolId, sql.placeholder('schoolId'))))
    .limit(1)
    .prepare('design_of_school'),
}));

/** The studio's design, or a school's override of it when there is one. */
export async function effectiveDesign(db: Db, studioId: number, schoolId: number | null): Promise<DesignSettings> {
  const statements = settingsOf(db);
  const studioRow = await statements.studio.execute({ studioId });
  const schoolRow = schoolId ? await statements.school.execute({ studioId, schoolId }) : [];
  return mergedDesign(studioRow[0]?.settings, schoolRow[0]?.settings);
}

/**
 * The defaults, under the studio's settings, under a school's override. The printing condition and
 * its profile are the studio's (its arrangement with its printer, its profile's licence): an
 * override's copy of them is never read.
 */
export function mergedDesign(studioSettings: unknown, schoolSettings: unknown): DesignSettings {
  const studio = { ...DEFAULT_DESIGN, ...parse(studioSettings) };
  return { ...studio, ...parse(schoolSettings), printCondition: studio.printCondition, printProfile: studio.printProfile };
}

/**
 * The stored settings of the studio and of a school's override as two columns of a larger
 * SELECT (`studioId` and `schoolId` placeholders; no school → no override), for `mergedDesign`.
 */
export function designColumns(db: Db) {
  const settings = (schoolIs: SQL) =>
    sql<unknown>`(${db
      .select({ settings: designs.settings })
      .from(designs)
      .where(and(eq(designs.studioId, sql.placeholder('studioId')), schoolIs))
      .limit(1)})`;
  return { studio: settings(isNull(designs.schoolId)), school: settings(eq(designs.schoolId, sql.placeholder('schoolId'))) };
}

/** Built once: a zod schema is costly to build, and every GET {level}/user reads two settings. */
const storedSettings = designSettings.partial();

function parse(value: unknown): Partial<DesignSettings> {
  if (value === null || value === undefined) return {};
  const result = storedSettings.safeParse(value);
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
