/** The yearbook's production: PDF jobs, page proofs, branch approvals and the final mark. */
import { z } from 'zod';
import { tr } from '../tr';
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

/**
 * One finding of the check a book gets before print: the page it is on (null: not on a page of
 * the book, or not known), what it is about as staff know it (a student's name, "Kapak", "Okul
 * logosu"…), the student when it is one, a code for programs and the message in Turkish.
 */
const preflightEntry = z.object({
  page: z.number().int().nullable(),
  item: z.string(),
  studentId: z.number().int().optional(),
  code: z.enum(['image-resolution', 'no-portrait', 'no-consent', 'no-text-consent', 'missing-glyphs', 'unplaced-text', 'event-photo-consent', 'print-profile']),
  message: z.string(),
});
export type PreflightEntry = z.infer<typeof preflightEntry>;
/** Errors block the final mark (unless the studio overrides them with a reason); warnings do not. */
const preflight = z.object({ errors: z.array(preflightEntry), warnings: z.array(preflightEntry) });
export type Preflight = z.infer<typeof preflight>;

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
  /** The check before print, once the job is done; null while it runs, when it failed, and for books made before the check existed. */
  preflight: preflight.nullable(),
  /** Signed URLs of the two-page spreads as printed: page 1 alone, then 2–3, 4–5…; empty until done. */
  spreads: z.array(z.string()),
  /**
   * The cover's sheet (millimetres, bleed included) and its proof (a signed, short-lived URL of the
   * wraparound as trimmed), once the job is done; null for a book made before the cover was a file of its own.
   */
  cover: z.object({ binding: z.enum(BINDINGS), widthMm: z.number(), heightMm: z.number(), spineMm: z.number(), proof: z.string() }).nullable(),
});
export type YearbookJobDetail = z.infer<typeof yearbookJobDetail>;

export const jobDetailResponse = z.object({
  success: z.literal(true),
  job: yearbookJob.extend({ preflight: preflight.nullable() }),
  detail: yearbookJobDetail,
});

const approval = z.object({ approvedAt: z.string(), approvedByName: z.string(), jobId: z.number().int().nullable() });

export const yearbookState = z.object({
  success: z.literal(true),
  schoolId: z.number().int(),
  final: z.object({ markedAt: z.string() }).nullable(),
  /** The book the final mark is checked against (the latest whole-school book, else each branch's latest) and its preflight errors; null when no book is done. */
  finalCheck: z.object({ jobIds: z.array(z.number().int()), errors: z.number().int() }).nullable(),
  branches: z.array(z.object({ id: z.number().int(), name: z.string(), studentCount: z.number().int(), approval: approval.nullable() })),
  jobs: z.array(yearbookJobDetail),
});
export type YearbookState = z.infer<typeof yearbookState>;

export const approvalBody = z.object({ jobId: id }).strict();
/** Marking final (or not); a book with preflight errors is marked only with the studio's written reason. */
export const finalBody = z
  .object({
    final: z.boolean(),
    overrideReason: z
      .string()
      .trim()
      .min(10, { message: tr.yearbook.preflight.reasonShort })
      .max(1000, { message: tr.yearbook.preflight.reasonLong })
      .optional(),
  })
  .strict();
export const proofParams = z.object({ id, page: z.coerce.number().int().min(1).max(100_000) });
export const proofQuery = z.object({ e: z.coerce.number().int().positive(), s: z.string().min(10).max(100) });
