import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Level } from '../../../common/levels';
import type { Statistics } from '../../../common/schemas/auth';
import type { Caller } from '../../auth/caller';
import { branchesWhere, managersWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { placeholderCaller, preparedPerKey, scopeValues } from '../../db/prepared';
import { branches, schools, scopeCounts, studioCounts, studios, users } from '../../db/schema';

const n = count();
const asNumber = (query: SQL | { getSQL(): SQL }) => sql<number>`(${query})`.mapWith(Number);
/** The figures the triggers keep per branch (server/db/schema.ts `scopeCounts`), in the order `statisticsOf` reads them. */
const COUNTED = [
  'students',
  'studentsWithPortrait',
  'messagesPending',
  'messagesApproved',
  'messagesRejected',
  'nicknamesPending',
  'nicknamesApproved',
  'nicknamesRejected',
  'notifications',
] as const;
const countedSums = (table: typeof scopeCounts | typeof studioCounts) =>
  sql<number[]>`array[${sql.join(
    COUNTED.map((column) => sql`coalesce(sum(${table[column]}), 0)`),
    sql`, `,
  )}]::int[]`;

/**
 * The caller's counts: a studio's are its one totals row (`studioCounts`), a school's or a
 * branch's the sum of their counter rows (a school has a few dozen branches).
 */
function countedOf(db: Db, caller: Caller) {
  if (caller.level === 'panel')
    return db
      .select({ sums: countedSums(studioCounts) })
      .from(studioCounts)
      .where(eq(studioCounts.studioId, caller.studioId));
  return db
    .select({ sums: countedSums(scopeCounts) })
    .from(scopeCounts)
    .where(scopeWhere(caller, scopeCounts));
}

/**
 * The counts of a level's scope as subqueries of one SELECT: the figures cost one round trip,
 * not one per figure. Values are placeholders (`scopeValues`). What grows with the students is
 * read from the counter rows (`countedOf`); schools, branches and accounts are
 * counted on their scoped indexes, as a studio has a few thousand of them at most, no more rows
 * than the counter rows summed beside them.
 */
export function statisticsColumns(db: Db, level: Level) {
  const caller = placeholderCaller(level);
  return {
    schools: asNumber(db.select({ n }).from(schools).where(schoolsWhere(caller))),
    branches: asNumber(db.select({ n }).from(branches).where(branchesWhere(caller))),
    managers: asNumber(
      db
        .select({ n })
        .from(users)
        .where(and(managersWhere(caller), inArray(users.level, level === 'panel' ? ['school', 'branch'] : ['branch']))),
    ),
    counted: sql<number[]>`(${countedOf(db, caller)})`,
  };
}

type StatisticsRow = { [K in keyof ReturnType<typeof statisticsColumns>]: ReturnType<typeof statisticsColumns>[K]['_']['type'] };

const byStatus = ([pending = 0, approved = 0, rejected = 0]: number[]) => ({ pending, approved, rejected });

/** The statistics as the API answers them, from a row of `statisticsColumns`. */
export function statisticsOf({ counted, ...indexed }: StatisticsRow): Statistics {
  const at = (index: number) => counted[index] ?? 0;
  return {
    ...indexed,
    students: at(0),
    studentsWithPhoto: at(1),
    messages: byStatus(counted.slice(2, 5)),
    nicknames: byStatus(counted.slice(5, 8)),
    notifications: at(8),
  };
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
