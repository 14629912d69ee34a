/**
 * Access: the one place that answers "may this caller touch this row?" and gives the SQL filter
 * that keeps a list to the caller's scope. Panel sees its studio, school its school, branch its
 * branch. A row outside the scope is "not found" (404): never a hint that it exists.
 *
 * Areas never write a scope condition of their own: they call `scopeWhere` (lists), one of the
 * `*Where` filters for the organisation tables, or a `*InScope` loader (one row by id).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Level } from '../../common/levels';
import type { Db } from '../db/client';
import { placeholderCaller, preparedPerKey, scopeValues } from '../db/prepared';
import { auditLog, branches, messages, nicknames, notifications, photos, schools, students, users } from '../db/schema';
import { notFound } from '../http/errors';
import type { Caller } from './caller';

export interface ScopedColumns {
  studioId: PgColumn;
  schoolId?: PgColumn;
  branchId?: PgColumn;
}

/** The condition that keeps a table's rows to the caller's scope. */
export function scopeWhere(caller: Caller, columns: ScopedColumns): SQL {
  const studio = eq(columns.studioId, caller.studioId);
  if (caller.level === 'school') {
    if (!columns.schoolId) throw new Error('school scope needs a school column');
    return and(studio, eq(columns.schoolId, caller.schoolId ?? -1))!;
  }
  if (caller.level === 'branch') {
    if (columns.branchId) return and(studio, eq(columns.branchId, caller.branchId ?? -1))!;
    if (!columns.schoolId) throw new Error('branch scope needs a branch or school column');
    return and(studio, eq(columns.schoolId, caller.schoolId ?? -1))!;
  }
  return studio;
}

/** Schools the caller reaches: the studio's for panel, its own school for school and branch managers. */
export const schoolsWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: schools.studioId, schoolId: schools.id });

/** Branches the caller reaches: a branch manager's own branch, a school manager's school's, panel's studio's. */
export const branchesWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: branches.studioId, schoolId: branches.schoolId, branchId: branches.id });

/** Audit entries of the caller's scope: the studio's, or its school's. */
export const auditWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: auditLog.studioId, schoolId: auditLog.schoolId });

/** Accounts of the caller's scope: of the studio, its school, or its branch. */
export const managersWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: users.studioId, schoolId: users.schoolId, branchId: users.branchId });

export type SchoolRow = typeof schools.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NicknameRow = typeof nicknames.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ManagerRow = typeof users.$inferSelect;

type ScopedTable =
  typeof schools | typeof branches | typeof students | typeof photos | typeof messages | typeof nicknames | typeof notifications | typeof users;

/** The row of `table` with this id when the condition keeps it, or 404. */
async function rowInScope<T extends ScopedTable>(db: Db, table: T, id: number, where: SQL | undefined): Promise<T['$inferSelect']> {
  // Drizzle types a select from one of several tables as a row of any of them: named here once.
  const [row] = await db
    .select()
    .from(table as ScopedTable)
    .where(and(eq(table.id, id), where))
    .limit(1);
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

/** A `rowInScope` of one table and scope, prepared once per level. */
function preparedInScope<T extends ScopedTable>(table: T, name: string, scope: (caller: Caller) => SQL) {
  const statement = preparedPerKey((db: Db, level: Level) =>
    db
      .select()
      .from(table as ScopedTable)
      .where(and(eq(table.id, sql.placeholder('id')), scope(placeholderCaller(level))))
      .limit(1)
      .prepare(`${name}_in_scope_${level}`),
  );
  return async (db: Db, caller: Caller, id: number): Promise<T['$inferSelect']> => {
    const [row] = await statement(db, caller.level).execute({ id, ...scopeValues(caller) });
    if (!row) throw notFound();
    return row as T['$inferSelect'];
  };
}

export const schoolInScope: (db: Db, caller: Caller, id: number) => Promise<SchoolRow> = preparedInScope(schools, 'school', schoolsWhere);
export const branchInScope: (db: Db, caller: Caller, id: number) => Promise<BranchRow> = preparedInScope(branches, 'branch', branchesWhere);
export const studentInScope: (db: Db, caller: Caller, id: number) => Promise<StudentRow> = preparedInScope(students, 'student', (c) => scopeWhere(c, students));
/** A photo goes with its student: when a student moves, its photos move with it. */
export const photoInScope: (db: Db, caller: Caller, id: number) => Promise<PhotoRow> = preparedInScope(photos, 'photo', (c) => scopeWhere(c, photos));
export const messageInScope: (db: Db, caller: Caller, id: number) => Promise<MessageRow> = preparedInScope(messages, 'message', (c) => scopeWhere(c, messages));
export const nicknameInScope: (db: Db, caller: Caller, id: number) => Promise<NicknameRow> = preparedInScope(nicknames, 'nickname', (c) =>
  scopeWhere(c, nicknames),
);
export const notificationInScope: (db: Db, caller: Caller, id: number) => Promise<NotificationRow> = preparedInScope(notifications, 'notification', (c) =>
  scopeWhere(c, notifications),
);

/**
 * A manager account the caller may manage: school managers belong to the studio's staff (panel
 * only); branch managers to whoever reaches their branch.
 */
export function managerInScope(db: Db, caller: Caller, id: number, level: 'school' | 'branch'): Promise<ManagerRow> {
  const reach = level === 'school' ? (caller.level === 'panel' ? eq(users.studioId, caller.studioId) : sql`false`) : managersWhere(caller);
  return rowInScope(db, users, id, and(eq(users.level, level), reach));
}
