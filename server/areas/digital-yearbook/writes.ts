/** Queueing a school's digital edition: when its book is marked final, and when staff ask for it again; audited. */
import { and, eq, inArray } from 'drizzle-orm';
import { tr } from '../../../common/tr';
import type { SchoolRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { recordAudit } from '../../core/audit';
import { conflict } from '../../core/errors';
import type { Db } from '../../db/client';
import { jobs, yearbookFinals } from '../../db/schema';
import { cancelJob, queueSchoolJob, type JobRow } from '../../jobs/queue';
import { DIGITAL_YEARBOOK_JOB } from './job';

/** Queues the edition of a final book; null when one is already being made. */
async function enqueueEdition(db: Db, caller: Caller, school: SchoolRow): Promise<JobRow | null> {
  const [final] = await db
    .select({ schoolId: yearbookFinals.schoolId })
    .from(yearbookFinals)
    .where(and(eq(yearbookFinals.schoolId, school.id), eq(yearbookFinals.studioId, school.studioId)));
  if (!final) throw conflict('school', tr.digitalYearbook.rebuildNotFinal);
  const row = await queueSchoolJob(db, DIGITAL_YEARBOOK_JOB, school, null, caller.userId);
  if (!row) return null;
  await db.transaction((tx) => recordAudit(tx, caller, 'create', 'digital_yearbook_job', { id: row.id, schoolId: school.id }));
  return row;
}

/** Staff ask for the digital edition again; 409 (in Turkish) when the book is not final or an edition is being made. */
export async function queueDigitalEdition(db: Db, caller: Caller, school: SchoolRow): Promise<JobRow> {
  const row = await enqueueEdition(db, caller, school);
  if (!row) throw conflict('job', tr.digitalYearbook.rebuildActive);
  return row;
}

/** The book has just been marked final: its digital edition is made (one already being made is left to finish). */
export async function queueDigitalEditionOnFinal(db: Db, caller: Caller, school: SchoolRow): Promise<void> {
  await enqueueEdition(db, caller, school);
}

/** The final mark was taken back: an edition being made of the book as it was is stopped (the book will change). */
export async function stopDigitalEditions(db: Db, school: SchoolRow): Promise<void> {
  const active = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, DIGITAL_YEARBOOK_JOB), eq(jobs.schoolId, school.id), inArray(jobs.status, ['queued', 'running'])));
  for (const { id } of active) await cancelJob(db, id);
}
