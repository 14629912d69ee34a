/** Reading accounts: the one signing in, a password to check, and what user info shows of the caller. */
import { and, eq } from 'drizzle-orm';
import { branchName } from '../../common/text';
import type { Db } from '../db/client';
import { branches, schools, users } from '../db/schema';
import { effectiveDesign } from '../areas/design/queries';
import { listCities } from '../areas/cities/queries';
import { statisticsFor } from '../areas/statistics/queries';
import { studioInfo } from '../areas/studio/queries';
import { branchesWhere, schoolsWhere } from './access';
import type { Caller } from './caller';

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

/** Everything GET {level}/user answers about the caller: its school and branch, design, cities, studio, figures. */
export async function userInfo(db: Db, caller: Caller) {
  const [school] = caller.schoolId
    ? await db
        .select({ id: schools.id, name: schools.name, cityId: schools.cityId })
        .from(schools)
        .where(and(eq(schools.id, caller.schoolId), schoolsWhere(caller)))
    : [];
  const [branch] = caller.branchId
    ? await db
        .select({ id: branches.id, schoolId: branches.schoolId, grade: branches.grade, section: branches.section })
        .from(branches)
        .where(and(eq(branches.id, caller.branchId), branchesWhere(caller)))
    : [];
  const [design, cities, studio, statistics] = await Promise.all([
    effectiveDesign(db, caller.studioId, caller.schoolId),
    listCities(db),
    studioInfo(db, caller.studioId),
    statisticsFor(db, caller),
  ]);
  return {
    userInfo: { id: caller.userId, name: caller.name, email: caller.email, level: caller.level },
    design,
    cities,
    studio,
    school: school ?? null,
    branch: branch ? { id: branch.id, schoolId: branch.schoolId, name: branchName(branch) } : null,
    statistics,
    level: caller.level,
  };
}
