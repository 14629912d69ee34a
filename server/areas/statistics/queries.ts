import { and, count, countDistinct, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Level } from '../../../common/levels';
import type { Statistics } from '../../../common/schemas/auth';
import type { Caller } from '../../auth/caller';
import { branchesWhere, managersWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { placeholderCaller, preparedPerKey, scopeValues } from '../../db/prepared';
import { branches, messages, nicknames, notifications, photos, schools, students, studios, users } from '../../db/schema';

const n = count();
const asNumber = (query: SQL | { getSQL(): SQL }) => sql<number>`(${query})`.mapWith(Number);
/** pending, approved, rejected: three counts of one scan, as one value. */
const STATUS_COUNTS = sql<
  number[]
>`array[count(*) filter (where status = 'pending'), count(*) filter (where status = 'approved'), count(*) filter (where status = 'rejected')]::int[]`;

/**
 * The counts of a level's scope, each a subquery on its own scoped index, for one SELECT:
 * the figures cost one round trip, not one per figure. Values are placeholders (`scopeValues`).
 */
export function statisticsColumns(db: Db, level: Level) {
  const caller = placeholderCaller(level);
  return {
    schools: asNumber(db.select({ n }).from(schools).where(schoolsWhere(caller))),
    branches: asNumber(db.select({ n }).from(branches).where(branchesWhere(caller))),
    students: asNumber(db.select({ n }).from(students).where(scopeWhere(caller, students))),
    studentsWithPhoto: asNumber(
      db
        .select({ n: countDistinct(photos.studentId) })
        .from(photos)
        .where(and(scopeWhere(caller, photos), eq(photos.isPortrait, true))),
    ),
    managers: asNumber(
      db
        .select({ n })
        .from(users)
        .where(and(managersWhere(caller), inArray(users.level, level === 'panel' ? ['school', 'branch'] : ['branch']))),
    ),
    messages: sql<number[]>`(${db
      .select({ n: STATUS_COUNTS })
      .from(messages)
      .where(and(scopeWhere(caller, messages), eq(messages.kind, 'student')))})`,
    nicknames: sql<number[]>`(${db.select({ n: STATUS_COUNTS }).from(nicknames).where(scopeWhere(caller, nicknames))})`,
    notifications: asNumber(db.select({ n }).from(notifications).where(scopeWhere(caller, notifications))),
  };
}

type StatisticsRow = { [K in keyof ReturnType<typeof statisticsColumns>]: ReturnType<typeof statisticsColumns>[K]['_']['type'] };

const byStatus = ([pending = 0, approved = 0, rejected = 0]: number[]) => ({ pending, approved, rejected });

/** The statistics as the API answers them, from a row of `statisticsColumns`. */
export function statisticsOf(row: StatisticsRow): Statistics {
  return { ...row, messages: byStatus(row.messages), nicknames: byStatus(row.nicknames) };
}

/** The caller's own studio always exists: its row carries the counts. */
const statementOf = preparedPerKey((db: Db, level: Level) =>
  db
    .select(statisticsColumns(db, level))
    .from(studios)
    .where(eq(studios.id, sql.placeholder('studioId')))
    .prepare(`statistics_${level}`),
);

/** Counts for the caller's scope (Home, and the `statistics` field of user info). */
export async function statisticsFor(db: Db, caller: Caller): Promise<Statistics> {
  const [row] = await statementOf(db, caller.level).execute(scopeValues(caller));
  if (!row) throw new Error('the caller’s studio is gone');
  return statisticsOf(row);
}
