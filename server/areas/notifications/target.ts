/**
 * Where a notification goes: all students of the studio, a school, or a branch. Levels school
 * and branch can only target inside their scope; an id outside it is 404, a kind of target
 * their level may not use is 400.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { TargetType } from '../../../common/schemas/notification';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import { branchInScope, schoolInScope } from '../../auth/access';
import type { Db } from '../../db/client';
import { students } from '../../db/schema';
import { fieldError } from '../../core/errors';

export interface ResolvedTarget {
  targetType: 'all' | 'school' | 'branch';
  targetId: number | null;
  schoolId: number | null;
  branchId: number | null;
}

export async function resolveTarget(db: Db, caller: Caller, body: { targetType: TargetType; targetId?: number | null }): Promise<ResolvedTarget> {
  const targetId = body.targetId ?? null;
  if (body.targetType === 'all') {
    if (caller.level !== 'panel') throw fieldError('targetType', tr.notifications.targetOutsideScope);
    if (targetId !== null) throw fieldError('targetId', tr.notifications.targetIdForbidden);
    return { targetType: 'all', targetId: null, schoolId: null, branchId: null };
  }
  if (targetId === null) throw fieldError('targetId', tr.notifications.targetIdRequired);
  if (body.targetType === 'school') {
    if (caller.level === 'branch') throw fieldError('targetType', tr.notifications.targetOutsideScope);
    const school = await schoolInScope(db, caller, targetId);
    return { targetType: 'school', targetId, schoolId: school.id, branchId: null };
  }
  const branch = await branchInScope(db, caller, targetId);
  return { targetType: 'branch', targetId, schoolId: branch.schoolId, branchId: branch.id };
}

/** The active students a target reaches, as one indexed equality (studio, school or branch). */
export function studentsOfTarget(studioId: number, target: { targetType: string; targetId: number | null }): SQL {
  const where =
    target.targetType === 'school'
      ? eq(students.schoolId, target.targetId ?? -1)
      : target.targetType === 'branch'
        ? eq(students.branchId, target.targetId ?? -1)
        : undefined;
  return and(eq(students.studioId, studioId), eq(students.status, 'active'), where)!;
}
