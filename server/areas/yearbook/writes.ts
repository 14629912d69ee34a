/** Writing the yearbook's production: queueing a book, cancelling it, approving a branch's proof, unlocking, the final mark; each audited. */
import { and, eq } from 'drizzle-orm';
import { tr } from '../../../common/tr';
import type { BranchRow, SchoolRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { insertOne } from '../../db/rows';
import { yearbookApprovals, yearbookFinals } from '../../db/schema';
import { cancelJob, queueSchoolJob, type JobRow } from '../../jobs/queue';
import { conflict, HttpError } from '../../core/errors';
import { recordAudit } from '../../core/audit';
import { YEARBOOK_JOB } from './job';
import { finalCheck } from './queries';
import { forgetSchoolDescriptors } from '../faces/faceData';
import { queueDigitalEditionOnFinal, stopDigitalEditions } from '../digital-yearbook/writes';

/** Queues the book of a branch or of a whole school; one at a time per school (409 while one is active). */
export async function startBook(db: Db, caller: Caller, school: SchoolRow, branch: BranchRow | null): Promise<JobRow> {
  const row = await queueSchoolJob(db, YEARBOOK_JOB, school, branch?.id ?? null, caller.userId);
  if (!row) throw conflict('job', tr.yearbook.jobActive);
  await db.transaction((tx) => recordAudit(tx, caller, 'create', 'yearbook_job', { id: row.id, schoolId: school.id }, { branchId: branch?.id ?? null }));
  return row;
}

export async function cancelBook(db: Db, caller: Caller, job: JobRow): Promise<JobRow> {
  const row = (await cancelJob(db, job.id)) ?? job;
  await db.transaction((tx) => recordAudit(tx, caller, 'cancel', 'yearbook_job', { id: job.id, schoolId: job.schoolId }));
  return row;
}

/** The school approves the proof of a branch (a finished job of that branch): its content locks. */
export async function approveBranch(db: Db, caller: Caller, branch: BranchRow, job: JobRow): Promise<void> {
  if (job.branchId !== branch.id || job.status !== 'done') throw new HttpError(400, tr.yearbook.proofNotOfBranch, { jobId: tr.yearbook.proofNotOfBranch });
  const [existing] = await db.select().from(yearbookApprovals).where(eq(yearbookApprovals.branchId, branch.id));
  if (existing) throw conflict('branch', tr.yearbook.alreadyApproved);
  await db.transaction(async (tx) => {
    await insertOne(tx, yearbookApprovals, {
      branchId: branch.id,
      studioId: branch.studioId,
      schoolId: branch.schoolId,
      jobId: job.id,
      approvedBy: caller.userId,
      approvedByName: caller.name,
    });
    await recordAudit(tx, caller, 'approve', 'yearbook_branch', { id: branch.id, schoolId: branch.schoolId }, { jobId: job.id });
  });
}

/** The studio unlocks an approved branch, so its content can change again (its approval is gone). */
export async function unlockBranch(db: Db, caller: Caller, branch: BranchRow): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(yearbookApprovals).where(eq(yearbookApprovals.branchId, branch.id)).returning();
    if (!removed.length) throw conflict('branch', tr.yearbook.notApproved);
    await recordAudit(tx, caller, 'unlock', 'yearbook_branch', { id: branch.id, schoolId: branch.schoolId });
  });
}

/**
 * The studio marks a school's book final (books made from now on carry no watermark), or takes the
 * mark back. A book whose check before print found errors is marked only with a written reason,
 * which the audit entry keeps with the errors it overrode.
 */
export async function setFinal(db: Db, caller: Caller, school: SchoolRow, final: boolean, overrideReason: string | null): Promise<void> {
  const check = final ? await finalCheck(db, school.id) : null;
  const overridden = check && check.errors > 0 ? check : null;
  if (overridden && !overrideReason) throw conflict('overrideReason', tr.yearbook.preflight.finalBlocked(overridden.errors));
  await db.transaction(async (tx) => {
    if (final) {
      await tx.insert(yearbookFinals).values({ schoolId: school.id, studioId: school.studioId, markedBy: caller.userId }).onConflictDoNothing();
    } else {
      await tx.delete(yearbookFinals).where(and(eq(yearbookFinals.schoolId, school.id), eq(yearbookFinals.studioId, school.studioId)));
    }
    const override = overridden && overrideReason ? { overrideReason, jobIds: overridden.jobIds, errors: overridden.errors } : undefined;
    await recordAudit(tx, caller, final ? 'mark_final' : 'unmark_final', 'yearbook', { id: school.id, schoolId: school.id }, override);
    // The book is done: the face descriptors made for it go now, with an entry saying how many.
    if (final) {
      const descriptors = await forgetSchoolDescriptors(tx, school.id);
      await recordAudit(tx, caller, 'delete', 'face-data', { id: school.id, schoolId: school.id }, { descriptors, reason: 'book-final' });
    }
  });
  // The final book is what families read online: its digital edition is made now.
  if (final) await queueDigitalEditionOnFinal(db, caller, school);
  else await stopDigitalEditions(db, school);
}
