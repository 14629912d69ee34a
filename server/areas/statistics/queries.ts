import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Statistics } from '../../../common/schemas/auth';
import type { Caller } from '../../auth/caller';
import { branchesWhere, managersWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, messages, nicknames, notifications, photos, schools, students, users } from '../../db/schema';

type ByStatus = Statistics['messages'];

function byStatus(rows: Array<{ status: string; n: number }>): ByStatus {
  const out: ByStatus = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) if (row.status in out) out[row.status as keyof ByStatus] = Number(row.n);
  return out;
}

/** Counts for the caller's scope (Home, and the `statistics` field of user info). */
export async function statisticsFor(db: Db, caller: Caller): Promise<Statistics> {
  const [[schoolCount], [branchCount], [studentCount], [photoCount], [managerCount], messageRows, nicknameRows, [notificationCount]] = await Promise.all([
    db.select({ n: count() }).from(schools).where(schoolsWhere(caller)),
    db.select({ n: count() }).from(branches).where(branchesWhere(caller)),
    db.select({ n: count() }).from(students).where(scopeWhere(caller, students)),
    db
      .select({ n: countDistinct(photos.studentId) })
      .from(photos)
      .where(and(scopeWhere(caller, photos), eq(photos.isPortrait, true))),
    db
      .select({ n: count() })
      .from(users)
      .where(and(managersWhere(caller), inArray(users.level, caller.level === 'panel' ? ['school', 'branch'] : ['branch']))),
    db
      .select({ status: messages.status, n: count() })
      .from(messages)
      .where(and(scopeWhere(caller, messages), eq(messages.kind, 'student')))
      .groupBy(messages.status),
    db.select({ status: nicknames.status, n: count() }).from(nicknames).where(scopeWhere(caller, nicknames)).groupBy(nicknames.status),
    db.select({ n: count() }).from(notifications).where(scopeWhere(caller, notifications)),
  ]);

  return {
    schools: Number(schoolCount.n),
    branches: Number(branchCount.n),
    students: Number(studentCount.n),
    studentsWithPhoto: Number(photoCount.n),
    managers: Number(managerCount.n),
    messages: byStatus(messageRows),
    nicknames: byStatus(nicknameRows),
    notifications: Number(notificationCount.n),
  };
}
