/** Reading accounts: the one signing in, a password to check, and what user info shows of the caller. */
import { and, eq, sql } from 'drizzle-orm';
import type { Level } from '../../../common/levels';
import { branchName } from '../../../common/text';
import type { Db } from '../../db/client';
import { placeholderCaller, preparedPerKey, scopeValues } from '../../db/prepared';
import { branches, schools, studios, users } from '../../db/schema';
import { designColumns, mergedDesign } from '../design/queries';
import { listCities } from '../cities/queries';
import { statisticsColumns, statisticsOf } from '../statistics/queries';
import { studioInfoOf } from '../studio/queries';
import { branchesWhere, schoolsWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';

/** The account an e-mail signs in to, if there is one. */
export async function accountByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, level: users.level, active: users.active })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user;
}

/** The stored password hash of an account (null when there is no such account). */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return user?.passwordHash ?? null;
}

/**
 * What GET {level}/user answers of the caller's world in one SELECT: its studio's row with the
 * design and the figures as subqueries, its school and branch (when it has them) joined in.
 * One round trip for the call every screen starts with. Prepared once per level.
 */
const overviewOf = preparedPerKey((db: Db, level: Level) => {
  const caller = placeholderCaller(level);
  return db
    .select({
      studio: studios,
      school: { id: schools.id, name: schools.name, cityId: schools.cityId },
      branch: { id: branches.id, schoolId: branches.schoolId, grade: branches.grade, section: branches.section },
      design: designColumns(db),
      statistics: statisticsColumns(db, level),
    })
    .from(studios)
    .leftJoin(schools, and(eq(schools.id, sql.placeholder('schoolId')), schoolsWhere(caller)))
    .leftJoin(branches, and(eq(branches.id, sql.placeholder('branchId')), branchesWhere(caller)))
    .where(eq(studios.id, sql.placeholder('studioId')))
    .prepare(`user_info_${level}`);
});

/** Everything GET {level}/user answers about the caller: its school and branch, design, cities, studio, figures. */
export async function userInfo(db: Db, caller: Caller) {
  const [[overview], cities] = await Promise.all([overviewOf(db, caller.level).execute(scopeValues(caller)), listCities(db)]);
  if (!overview) throw new Error('the caller’s studio is gone');
  const { school, branch } = overview;
  return {
    userInfo: { id: caller.userId, name: caller.name, email: caller.email, level: caller.level },
    design: mergedDesign(overview.design.studio, overview.design.school),
    cities,
    studio: studioInfoOf(overview.studio),
    school: school ?? null,
    branch: branch ? { id: branch.id, schoolId: branch.schoolId, name: branchName(branch) } : null,
    statistics: statisticsOf(overview.statistics),
    level: caller.level,
  };
}
