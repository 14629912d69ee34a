/**
 * Scope rules (design.md §1): panel sees its studio, school its school, branch its branch.
 * Every query of rows below a studio adds one of these conditions; an id outside it is 404.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from './caller';

interface ScopedColumns {
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

export function canSeeSchool(caller: Caller, school: { id: number; studioId: number }): boolean {
  if (school.studioId !== caller.studioId) return false;
  return caller.level === 'panel' || school.id === caller.schoolId;
}

export function canSeeBranch(caller: Caller, branch: { id: number; schoolId: number; studioId: number }): boolean {
  if (branch.studioId !== caller.studioId) return false;
  if (caller.level === 'panel') return true;
  if (caller.level === 'school') return branch.schoolId === caller.schoolId;
  return branch.id === caller.branchId;
}
