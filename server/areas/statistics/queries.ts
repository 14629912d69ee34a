import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Statistics } from '../../../common/schemas/auth';
import type { Caller } from '../../auth/caller';
import { branchesWhere, managersWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { countWhere } from '../../db/rows';
import { branches, messages, nicknames, notifications, photos, schools, students, users } from '../../db/schema';

type ByStatus = Statistics['messages'];

function byStatus(rows: Array<{ status: string; n: number }>): ByStatus {
  const out: ByStatus = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) if (row.status in out) out[row.status as keyof ByStatus] = Number(row.n);
  return out;
}

/** Counts for the caller's scope (Home, and the `statistics` field of user info). */
export async function statisticsFor(db: Db, caller: Caller): Promise<Statistics> {
  const [schoolCount, branchCount, studentCount, [photoCount], managerCount, messageRows, nicknameRows, notificationCount] = await Promise.all([
    countWhere(db, schools, schoolsWhere(caller)),
    countWhere(db, branches, branchesWhere(caller)),
    countWhere(db, students, scopeWhere(caller, students)),
    db
      .select({ n: countDistinct(photos.studentId) })
      .from(photos)
      .where(and(scopeWhere(caller, photos), eq(photos.isPortrait, true))),
    countWhere(db, users, and(managersWhere(caller), inArray(users.level, caller.level === 'panel' ? ['school', 'branch'] : ['branch']))),
    db
      .select({ status: messages.status, n: count() })
      .from(messages)
      .where(and(scopeWhere(caller, messages), eq(messages.kind, 'student')))
      .groupBy(messages.status),
    db.select({ status: nicknames.status, n: count() }).from(nicknames).where(scopeWhere(caller, nicknames)).groupBy(nicknames.status),
    countWhere(db, notifications, scopeWhere(caller, notifications)),
  ]);

  return {
    schools: schoolCount,
    branches: branchCount,
    students: studentCount,
    // An aggregate without GROUP BY answers one row, also for no rows.
    studentsWithPhoto: Number(photoCount?.n ?? 0),
    managers: managerCount,
    messages: byStatus(messageRows),
    nicknames: byStatus(nicknameRows),
    notifications: notificationCount,
  };
}
