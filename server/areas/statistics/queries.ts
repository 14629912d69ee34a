import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Level } from '../../../common/levels';
import type { Statistics } from '../../../common/schemas/auth';
import type { Caller } from '../../auth/caller';
import { branchesWhere, managersWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { placeholderCaller, preparedPerKey, scopeValues } from '../../db/prepared';
import { branches, messages, nicknames, notifications, photos, schools, students, users } from '../../db/schema';

type ByStatus = Statistics['messages'];

function byStatus(rows: Array<{ status: string; n: number }>): ByStatus {
  const out: ByStatus = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) if (row.status in out) out[row.status as keyof ByStatus] = Number(row.n);
  return out;
}

const n = count();

/** The statistics' statements of one level, prepared with the caller's scope as placeholders. */
const statementsOf = preparedPerKey((db: Db, level: Level) => {
  const caller = placeholderCaller(level);
  const name = (what: string) => `statistics_${what}_${level}`;
  return {
    schools: db.select({ n }).from(schools).where(schoolsWhere(caller)).prepare(name('schools')),
    branches: db.select({ n }).from(branches).where(branchesWhere(caller)).prepare(name('branches')),
    students: db.select({ n }).from(students).where(scopeWhere(caller, students)).prepare(name('students')),
    photos: db
      .select({ n: countDistinct(photos.studentId) })
      .from(photos)
      .where(and(scopeWhere(caller, photos), eq(photos.isPortrait, true)))
      .prepare(name('photos')),
    managers: db
      .select({ n })
      .from(users)
      .where(and(managersWhere(caller), inArray(users.level, level === 'panel' ? ['school', 'branch'] : ['branch'])))
      .prepare(name('managers')),
    messages: db
      .select({ status: messages.status, n })
      .from(messages)
      .where(and(scopeWhere(caller, messages), eq(messages.kind, 'student')))
      .groupBy(messages.status)
      .prepare(name('messages')),
    nicknames: db
      .select({ status: nicknames.status, n })
      .from(nicknames)
      .where(scopeWhere(caller, nicknames))
      .groupBy(nicknames.status)
      .prepare(name('nicknames')),
    notifications: db.select({ n }).from(notifications).where(scopeWhere(caller, notifications)).prepare(name('notifications')),
  };
});

/** Counts for the caller's scope (Home, and the `statistics` field of user info). */
export async function statisticsFor(db: Db, caller: Caller): Promise<Statistics> {
  const statements = statementsOf(db, caller.level);
  const values = scopeValues(caller);
  // An aggregate without GROUP BY answers one row, also for no rows.
  const one = async (statement: { execute(v: typeof values): Promise<Array<{ n: number }>> }) => Number((await statement.execute(values))[0]?.n ?? 0);
  const [schoolCount, branchCount, studentCount, photoCount, managerCount, messageRows, nicknameRows, notificationCount] = await Promise.all([
    one(statements.schools),
    one(statements.branches),
    one(statements.students),
    one(statements.photos),
    one(statements.managers),
    statements.messages.execute(values),
    statements.nicknames.execute(values),
    one(statements.notifications),
  ]);

  return {
    schools: schoolCount,
    branches: branchCount,
    students: studentCount,
    studentsWithPhoto: photoCount,
    managers: managerCount,
    messages: byStatus(messageRows),
    nicknames: byStatus(nicknameRows),
    notifications: notificationCount,
  };
}
