/**
 * Durable background jobs in the app's own table. A job is queued by a request, claimed by a
 * runner under a lease it renews while working, and finished as done (with its result), failed
 * or cancelled. A runner that dies leaves its lease to run out; the job is then claimed again and
 * restarted from the beginning, so a job is never reported done unless its work was finished.
 *
 * Work repeated on a clock is a recurring kind: each studio has one waiting round of it (a row
 * with no school, claimed no earlier than its `run_after`), and ending a round queues the next
 * one. The claim is the same for every kind, so of several processes on one database exactly
 * one runs a given round.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/faults';
import { jobs, studios } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;
type JobStatus = JobRow['status'];
const ACTIVE: JobStatus[] = ['queued', 'running'];

export class JobAlreadyActive extends Error {
  constructor(readonly active: JobRow) {
    super('a job of this kind is already active for the school');
  }
}

export interface NewJob {
  kind: string;
  studioId: number;
  schoolId: number | null;
  branchId: number | null;
  params: Record<string, unknown>;
  createdBy: number | null;
}

/** Queues a job; one active job of a kind per school, otherwise JobAlreadyActive with that job. */
export async function enqueueJob(db: Db, job: NewJob): Promise<JobRow> {
  try {
    const [row] = await db.insert(jobs).values(job).returning();
    return row!;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [active] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, job.kind), eq(jobs.schoolId, job.schoolId ?? -1), inArray(jobs.status, ACTIVE)));
    if (!active) throw error;
    throw new JobAlreadyActive(active);
  }
}

/**
 * Queues a school's job (of one branch, or of the whole school) without params; null while one of
 * its kind is already active there. Not in a transaction: the one-active-job index refusing the row
 * must leave the connection usable.
 */
export async function queueSchoolJob(
  db: Db,
  kind: string,
  school: { id: number; studioId: number },
  branchId: number | null,
  createdBy: number | null,
): Promise<JobRow | null> {
  try {
    return await enqueueJob(db, { kind, studioId: school.studioId, schoolId: school.id, branchId, params: {}, createdBy });
  } catch (error) {
    if (error instanceof JobAlreadyActive) return null;
    throw error;
  }
}

/**
 * Asks a job to stop: a queued one is cancelled at once, a running one at its runner's next
 * progress report. Answers the job as it now stands; a finished job is left as it was.
 */
export async function cancelJob(db: Db, id: number): Promise<JobRow | undefined> {
  const [queued] = await db
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning();
  if (queued) return queued;
  const [running] = await db
    .update(jobs)
    .set({ cancelRequested: true, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning();
  if (running) return running;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Takes the oldest job that is queued, or running under a lease that has run out. */
export async function claimJob(db: Db, kinds: string[], runner: string, leaseMs: number): Promise<JobRow | undefined> {
  const result = await db.execute<{ id: number }>(sql`
    UPDATE ${jobs} SET status = 'running', locked_by = ${runner}, locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
      attempts = attempts + 1, done = 0, updated_at = now()
    WHERE id = (
      SELECT id FROM ${jobs}
      WHERE kind IN ${sql`(${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`}
        AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
      ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Progress of a job this runner holds; renews the lease. Answers whether a cancel was asked for. */
export async function reportProgress(db: Db, id: number, runner: string, leaseMs: number, progress?: { done: number; total: number }) {
  const [row] = await db
    .update(jobs)
    .set({
      ...(progress ?? {}),
      lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runner), eq(jobs.status, 'running')))
    .returning({ cancelRequested: jobs.cancelRequested });
  // The lease was lost (another runner took the job over): stop as if cancelled.
  return { cancelRequested: !row || row.cancelRequested, held: Boolean(row) };
}

/** Ends a job this runner holds; answers whether it still held it. */
export async function finishJob(
  db: Db,
  id: number,
  runner: string,
  outcome:
    | { status: 'done'; result: Record<string, unknown> }
    | { status: 'failed'; error: string }
    | { status: 'cancelled' }
    /** Back to the queue to be tried again. */
    | { status: 'queued' }
    /** Back to the queue untried: the process stopped, which is no fault of the job's. */
    | { status: 'released' },
) {
  const status = outcome.status === 'released' ? 'queued' : outcome.status;
  const held = await db
    .update(jobs)
    .set({
      status,
      attempts: outcome.status === 'released' ? sql`greatest(${jobs.attempts} - 1, 0)` : undefined,
      result: outcome.status === 'done' ? outcome.result : undefined,
      error: outcome.status === 'failed' ? outcome.error : undefined,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: status === 'queued' ? null : sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runner)))
    .returning({ id: jobs.id });
  return held.length > 0;
}

/** Studio-wide rows of a kind that wait or run: a recurring kind's current round. */
const activeRound = (kind: string) =>
  sql`SELECT 1 FROM ${jobs} j WHERE j.kind = ${kind} AND j.studio_id = s.id AND j.school_id IS NULL AND j.status IN ('queued', 'running')`;

/**
 * Gives every studio that has none a round of each recurring kind, due now: a new studio, or
 * the first start on a database. Two processes doing this at once make one round (the unique index).
 */
export async function scheduleRounds(db: Db, kinds: string[]): Promise<void> {
  for (const kind of kinds) {
    await db.execute(sql`
      INSERT INTO ${jobs} (kind, studio_id)
      SELECT ${kind}, s.id FROM ${studios} s WHERE NOT EXISTS (${activeRound(kind)})
      ON CONFLICT DO NOTHING`);
  }
}

/** Makes the waiting rounds of these recurring kinds due now. */
export async function roundsDueNow(db: Db, kinds: string[]): Promise<void> {
  await db
    .update(jobs)
    .set({ runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, 'queued'), sql`${jobs.schoolId} IS NULL`, sql`${jobs.runAfter} > now()`));
}

/**
 * Ends a round of a recurring kind and queues the next one `everyMs` later, in one transaction
 * (the schedule is never lost between the two). A round that failed stays failed with its error;
 * the next round tries the same work again. A round that found nothing to do (total 0) leaves no
 * row of its own: it waits again as the next round, so an idle schedule does not fill the table.
 */
export async function finishRound(
  db: Db,
  job: JobRow,
  runner: string,
  outcome: { status: 'done'; result: Record<string, unknown> } | { status: 'failed'; error: string } | { status: 'cancelled' },
  everyMs: number,
): Promise<void> {
  const next = sql`now() + ${`${everyMs} milliseconds`}::interval`;
  await db.transaction(async (tx) => {
    if (outcome.status === 'done') {
      const idle = await tx
        .update(jobs)
        .set({ status: 'queued', runAfter: next, attempts: 0, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, runner), eq(jobs.total, 0)))
        .returning({ id: jobs.id });
      if (idle.length) return;
    }
    if (!(await finishJob(tx, job.id, runner, outcome))) return;
    await tx.insert(jobs).values({ kind: job.kind, studioId: job.studioId, schoolId: null, branchId: null, runAfter: next }).onConflictDoNothing();
  });
}
