/** The yearbook's production: PDF jobs, page proofs, branch approvals and the final mark. */
import { z } from 'zod';
import { BINDINGS } from './design';
import { id } from './fields';

const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

const yearbookJob = z.object({
  id: z.number().int(),
  status: z.enum(JOB_STATUSES),
  /** Pages done of the pages the book has (an estimate until the layout is made). */
  done: z.number().int(),
  total: z.number().int(),
});
export type YearbookJob = z.infer<typeof yearbookJob>;

export const jobResponse = z.object({ success: z.literal(true), job: yearbookJob });

/** A text of the book with characters no bundled font has: they print as □. */
const substitution = z.object({ item: z.string(), characters: z.array(z.string()) });
export type Substitution = z.infer<typeof substitution>;

/** A job with what the yearbook screen shows of it: its branch (null: the whole school) and its proof pages. */
const yearbookJobDetail = yearbookJob.extend({
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  createdAt: z.string(),
  draft: z.boolean().nullable(),
  /** Signed, short-lived URLs of the page images, once the job is done. */
  proofs: z.array(z.string()),
  error: z.string().nullable(),
  /** The job's report: each text printed with □ for characters no font has. */
  substitutions: z.array(substitution),
  /**
   * The cover's sheet (millimetres, bleed included) and its proof (a signed, short-lived URL of the
   * wraparound as trimmed), once the job is done; null for a book made before the cover was a file of its own.
   */
  cover: z.object({ binding: z.enum(BINDINGS), widthMm: z.number(), heightMm: z.number(), spineMm: z.number(), proof: z.string() }).nullable(),
});
export type YearbookJobDetail = z.infer<typeof yearbookJobDetail>;

export const jobDetailResponse = z.object({ success: z.literal(true), job: yearbookJob, detail: yearbookJobDetail });

const approval = z.object({ approvedAt: z.string(), approvedByName: z.string(), jobId: z.number().int().nullable() });

export const yearbookState = z.object({
  success: z.literal(true),
  schoolId: z.number().int(),
  final: z.object({ markedAt: z.string() }).nullable(),
  branches: z.array(z.object({ id: z.number().int(), name: z.string(), studentCount: z.number().int(), approval: approval.nullable() })),
  jobs: z.array(yearbookJobDetail),
});
export type YearbookState = z.infer<typeof yearbookState>;

export const approvalBody = z.object({ jobId: id }).strict();
export const proofParams = z.object({ id, page: z.coerce.number().int().min(1).max(100_000) });
export const proofQuery = z.object({ e: z.coerce.number().int().positive(), s: z.string().min(10).max(100) });
