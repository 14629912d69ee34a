/** Queueing a school's digital edition: when its book is marked final, and when staff ask for it again; audited. */
import { and, eq, inArray } from 'drizzle-orm';
import { tr } from '../../../common/tr';
import type { SchoolRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { recordAudit } from '../../core/audit';
import { conflict } from '../../core/errors';
import type { Db } from '../../db/client';
import { jobs, schools, yearbookFinals } from '../../db/schema';
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

/**
 * A parent's answer that the digital edition applies (its photos, their text) was recorded after the
 * book was marked final: the edition is made again with it. One still queued reads the answers
 * when it starts and is left; one being made may have read them already, so it is asked to stop
 * and a new one queued (when it has not stopped yet, staff make it again with "yeniden oluştur").
 * Answers the new edition's job, or null when none was queued.
 */
export async function remakeDigitalEditionAfterConsent(db: Db, caller: Caller, student: { studioId: number; schoolId: number }): Promise<JobRow | null> {
  const [school] = await db
    .select()
    .from(schools)
    .innerJoin(yearbookFinals, eq(yearbookFinals.schoolId, schools.id))
    .where(and(eq(schools.id, student.schoolId), eq(schools.studioId, student.studioId)))
    .then((rows) => rows.map((row) => row.schools));
  if (!school) return null;
  const active = await db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.kind, DIGITAL_YEARBOOK_JOB), eq(jobs.schoolId, school.id), inArray(jobs.status, ['queued', 'running'])));
  if (active.some((job) => job.status === 'queued')) return null;
  for (const { id } of active) await cancelJob(db, id);
  return enqueueEdition(db, caller, school);
}
