/** Reading the yearbook's production: a job in the caller's scope, and a school's jobs, approvals and final mark. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { YearbookJob, YearbookJobDetail, YearbookState } from '../../../common/schemas/yearbook';
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

export function jobDetail(
  row: JobRow,
  branch: { grade: number; section: string } | null,
  proofUrl: (page: number) => string,
  coverProofUrl: () => string,
): YearbookJobDetail {
  const result = resultOf(row);
  const cover = result?.cover;
  return {
    ...jobOf(row),
    branchId: row.branchId,
    branchName: branch ? branchName(branch) : null,
    createdAt: row.createdAt.toISOString(),
    draft: result ? result.draft : null,
    proofs: result ? Array.from({ length: result.pages }, (_, i) => proofUrl(i + 1)) : [],
    error: row.status === 'failed' ? row.error : null,
    substitutions: result?.substitutions ?? [],
    cover: cover ? { binding: cover.binding, widthMm: cover.widthMm, heightMm: cover.heightMm, spineMm: cover.spineMm, proof: coverProofUrl() } : null,
  };
}

export async function yearbookState(
  db: Db,
  school: { id: number; studioId: number },
  proofUrl: (jobId: number, page: number) => string,
  coverProofUrl: (jobId: number) => string,
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
    branches: branchRows.map(({ branch, approval, studentCount }) => ({
      id: branch.id,
      name: branchName(branch),
      studentCount,
      approval: approval ? { approvedAt: approval.approvedAt.toISOString(), approvedByName: approval.approvedByName, jobId: approval.jobId } : null,
    })),
    jobs: jobRows.map(({ job, branch }) =>
      jobDetail(
        job,
        branch,
        (page) => proofUrl(job.id, page),
        () => coverProofUrl(job.id),
      ),
    ),
  };
}
