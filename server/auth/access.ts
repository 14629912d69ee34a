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
import type { Db } from '../db/client';
import { branches, messages, nicknames, notifications, photos, schools, students, users } from '../db/schema';
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

/** The single row the condition finds, or 404. */
async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound();
  return row;
}

export type SchoolRow = typeof schools.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NicknameRow = typeof nicknames.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ManagerRow = typeof users.$inferSelect;

export const schoolInScope = (db: Db, caller: Caller, id: number): Promise<SchoolRow> =>
  one(
    db
      .select()
      .from(schools)
      .where(and(eq(schools.id, id), schoolsWhere(caller)))
      .limit(1),
  );

export const branchInScope = (db: Db, caller: Caller, id: number): Promise<BranchRow> =>
  one(
    db
      .select()
      .from(branches)
      .where(and(eq(branches.id, id), branchesWhere(caller)))
      .limit(1),
  );

export const studentInScope = (db: Db, caller: Caller, id: number): Promise<StudentRow> =>
  one(
    db
      .select()
      .from(students)
      .where(and(eq(students.id, id), scopeWhere(caller, students)))
      .limit(1),
  );

/** A photo goes with its student: when a student moves, its photos move with it. */
export const photoInScope = (db: Db, caller: Caller, id: number): Promise<PhotoRow> =>
  one(
    db
      .select()
      .from(photos)
      .where(and(eq(photos.id, id), scopeWhere(caller, photos)))
      .limit(1),
  );

export const messageInScope = (db: Db, caller: Caller, id: number): Promise<MessageRow> =>
  one(
    db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), scopeWhere(caller, messages)))
      .limit(1),
  );

export const nicknameInScope = (db: Db, caller: Caller, id: number): Promise<NicknameRow> =>
  one(
    db
      .select()
      .from(nicknames)
      .where(and(eq(nicknames.id, id), scopeWhere(caller, nicknames)))
      .limit(1),
  );

export const notificationInScope = (db: Db, caller: Caller, id: number): Promise<NotificationRow> =>
  one(
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), scopeWhere(caller, notifications)))
      .limit(1),
  );

/**
 * A manager account the caller may manage: school managers belong to the studio's staff (panel
 * only); branch managers to whoever reaches their branch.
 */
export function managerInScope(db: Db, caller: Caller, id: number, level: 'school' | 'branch'): Promise<ManagerRow> {
  const reach =
    level === 'school'
      ? caller.level === 'panel'
        ? eq(users.studioId, caller.studioId)
        : sql`false`
      : scopeWhere(caller, { studioId: users.studioId, schoolId: users.schoolId, branchId: users.branchId });
  return one(
    db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.level, level), reach))
      .limit(1),
  );
}
