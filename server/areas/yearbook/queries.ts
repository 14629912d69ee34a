/** Reading the yearbook's production: a job in the caller's scope, and a school's jobs, approvals and final mark. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Preflight, YearbookJob, YearbookJobDetail, YearbookState } from '../../../common/schemas/yearbook';
import { todayInTurkey } from '../../../common/dates';
import { branchName, trLower } from '../../../common/text';
import { tr } from '../../../common/tr';
import { scopeWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { branches, jobs, schools, students, yearbookApprovals, yearbookFinals } from '../../db/schema';
import type { JobRow } from '../../jobs/queue';
import { notFound } from '../../core/errors';
import { turkishOrder } from '../../http/list';
import { YEARBOOK_JOB, type YearbookResult } from './job';
import type { ProofKind } from './proofUrls';

/** A signed URL of a job's page or spread. */
type ProofUrl = (kind: ProofKind, number: number) => string;

/** How many of a school's latest books the screen lists. */
const LISTED_JOBS = 10;

export async function jobInScope(db: Db, caller: Caller, id: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.id, id), eq(jobs.kind, YEARBOOK_JOB), scopeWhere(caller, { studioId: jobs.studioId, schoolId: jobs.schoolId, branchId: jobs.branchId })),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * A book's PDF name: "yıllık", the school, the branch (a branch's book) and today's date, e.g.
 * yıllık-atatürk-anadolu-lisesi-12-A-2026-11-27.pdf; the cover's has "kapak" after "yıllık".
 */
export async function bookFileName(db: Db, job: JobRow, file: 'interior' | 'cover' = 'interior'): Promise<string> {
  const [school] = job.schoolId ? await db.select({ name: schools.name }).from(schools).where(eq(schools.id, job.schoolId)) : [];
  const [branch] = job.branchId
    ? await db.select({ grade: branches.grade, section: branches.section }).from(branches).where(eq(branches.id, job.branchId))
    : [];
  const parts = [
    tr.yearbook.fileName,
    file === 'cover' ? tr.yearbook.coverFileName : '',
    trLower(school?.name ?? '').replace(/\s+/g, '-'),
    branch ? branchName(branch).replace('/', '-') : '',
    todayInTurkey(),
  ];
  return `${parts.filter(Boolean).join('-')}.pdf`;
}

export const jobOf = (row: JobRow): YearbookJob => ({ id: row.id, status: row.status, done: row.done, total: row.total });

export const resultOf = (row: JobRow): YearbookResult | null => (row.status === 'done' ? (row.result as YearbookResult) : null);

/** A done job's check before print; null for a job not done, and for books made before the check existed (it was never checked: not "no problems"). */
export const preflightOf = (row: JobRow): Preflight | null => resultOf(row)?.preflight ?? null;

/** The spreads of a book of `pages` pages as printed: page 1 alone on the right, then 2–3, 4–5…, the last page alone when the count is even. */
const spreadCount = (pages: number) => (pages ? Math.floor(pages / 2) + 1 : 0);

export function jobDetail(row: JobRow, branch: { grade: number; section: string } | null, proofUrl: ProofUrl): YearbookJobDetail {
  const result = resultOf(row);
  const cover = result?.cover;
  return {
    ...jobOf(row),
    branchId: row.branchId,
    branchName: branch ? branchName(branch) : null,
    createdAt: row.createdAt.toISOString(),
    draft: result ? result.draft : null,
    proofs: result ? Array.from({ length: result.pages }, (_, i) => proofUrl('pages', i + 1)) : [],
    error: row.status === 'failed' ? row.error : null,
    // The stored report may name the student a text belongs to; the answer keeps its documented shape.
    substitutions: (result?.substitutions ?? []).map(({ item, characters }) => ({ item, characters })),
    preflight: preflightOf(row),
    spreads: result ? Array.from({ length: spreadCount(result.pages) }, (_, i) => proofUrl('spreads', i + 1)) : [],
    cover: cover
      ? { binding: cover.binding, widthMm: cover.widthMm, heightMm: cover.heightMm, spineMm: cover.spineMm, proof: proofUrl('cover-proof', 0) }
      : null,
  };
}

/** How many done books a school's final mark looks back on. */
const CHECKED_JOBS = 50;

/**
 * The books the final mark is checked against: the school's latest done whole-school book, or,
 * when there is none, the latest done book of each branch. Books made before the check existed
 * count as having no errors (they were never checked; making the book again checks it).
 */
export async function finalCheck(db: Db, schoolId: number): Promise<{ jobIds: number[]; errors: number } | null> {
  const done = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.schoolId, schoolId), eq(jobs.kind, YEARBOOK_JOB), eq(jobs.status, 'done')))
    .orderBy(desc(jobs.id))
    .limit(CHECKED_JOBS);
  if (!done.length) return null;
  const whole = done.find((job) => job.branchId === null);
  const latestPerBranch = [...new Map(done.toReversed().map((job) => [job.branchId, job])).values()];
  const checked = whole ? [whole] : latestPerBranch;
  return { jobIds: checked.map((job) => job.id), errors: checked.reduce((sum, job) => sum + (preflightOf(job)?.errors.length ?? 0), 0) };
}

export async function yearbookState(
  db: Db,
  school: { id: number; studioId: number },
  proofUrl: (jobId: number, kind: ProofKind, number: number) => string,
): Promise<YearbookState> {
  const [final] = await db.select().from(yearbookFinals).where(eq(yearbookFinals.schoolId, school.id));
  const branchRows = await db
    .select({ branch: branches, approval: yearbookApprovals, studentCount: count(students.id) })
    .from(branches)
    .leftJoin(yearbookApprovals, eq(yearbookApprovals.branchId, branches.id))
    .leftJoin(students, and(eq(students.branchId, branches.id), eq(students.status, 'active')))
    .where(eq(branches.schoolId, school.id))
    .groupBy(branches.id, yearbookApprovals.branchId)
    .orderBy(asc(branches.grade), asc(turkishOrder(branches.sectionKey)), asc(branches.id));
  const jobRows = await db
    .select({ job: jobs, branch: branches })
    .from(jobs)
    .leftJoin(branches, eq(branches.id, jobs.branchId))
    .where(and(eq(jobs.schoolId, school.id), eq(jobs.kind, YEARBOOK_JOB)))
    .orderBy(desc(jobs.id))
    .limit(LISTED_JOBS);
  return {
    success: true,
    schoolId: school.id,
    final: final ? { markedAt: final.markedAt.toISOString() } : null,
    finalCheck: await finalCheck(db, school.id),
    branches: branchRows.map(({ branch, approval, studentCount }) => ({
      id: branch.id,
      name: branchName(branch),
      studentCount,
      approval: approval ? { approvedAt: approval.approvedAt.toISOString(), approvedByName: approval.approvedByName, jobId: approval.jobId } : null,
    })),
    jobs: jobRows.map(({ job, branch }) => jobDetail(job, branch, (kind, number) => proofUrl(job.id, kind, number))),
  };
}
