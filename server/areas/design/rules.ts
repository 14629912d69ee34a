/**
 * Who may see and change which design. Decision: the studio's design belongs to level panel;
 * a school manager (the school's yearbook coordinator) may change its own school's override
 * only; a branch manager may look at its school's design but change nothing.
 */
import { tr } from '../../../common/tr';
import { schoolInScope } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../core/errors';

/** The school whose design the caller reads; null = the studio's own design (panel only). */
export async function designSchoolToRead(db: Db, caller: Caller, requested: number | undefined): Promise<number | null> {
  if (caller.level === 'panel') {
    if (requested === undefined) return null;
    await schoolInScope(db, caller, requested);
    return requested;
  }
  const schoolId = requested ?? caller.schoolId;
  if (schoolId === null) throw notFound();
  await schoolInScope(db, caller, schoolId);
  return schoolId;
}

/** The school whose design the caller changes; null = the studio design (panel only). */
export async function designSchoolToWrite(db: Db, caller: Caller, requested: number | null): Promise<number | null> {
  if (caller.level === 'branch') throw forbidden(tr.design.branchCannotEdit);
  if (requested === null) {
    if (caller.level !== 'panel') throw forbidden(tr.design.studioDesignPanelOnly);
    return null;
  }
  await schoolInScope(db, caller, requested);
  return requested;
}
