/**
 * The digital edition of a final book: the yearbook job's own layout and page proofs, made from
 * the book's content with the digital-photo consent applied (a student without it keeps the
 * design's empty frame on their page and on the class panel), then each page proof made into WebP
 * at a phone's sizes and a zoom size, and each spread likewise. The proofs stay as the pages to
 * download (JPEG); the print files the layout also writes are removed, they are not the
 * digital edition's. The name index comes from the same layout: each student's first and last page.
 */
import { performance } from 'node:perf_hooks';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import type { JobHandler } from '../../jobs/runner';
import type { Storage } from '../../storage/store';
import { PAGE_WIDTHS, SPREAD_WIDTHS } from '../../typesetting/screens';
import type { WorkerPool } from '../../workers/pool';
import type { BookSources } from '../yearbook/content';
import { proofKey, yearbookJob, type YearbookResult } from '../yearbook/job';

export const DIGITAL_YEARBOOK_JOB = 'digital-yearbook';

const TASK_TIMEOUT_MS = 2 * 60_000;

type PageSize = keyof typeof PAGE_WIDTHS;
type SpreadSize = keyof typeof SPREAD_WIDTHS;
export const digitalPageKey = (jobId: number, size: PageSize, page: number) => `yearbooks/${jobId}/digital-${size}-${page}.webp`;
export const digitalSpreadKey = (jobId: number, size: SpreadSize, spread: number) => `yearbooks/${jobId}/digital-spread-${size}-${spread}.webp`;
/** The page to download is the page proof itself (150 dpi of the trim, JPEG). */
export const downloadKey = proofKey;

/** One student of the digital edition's index. */
interface DigitalIndexEntry {
  studentId: number;
  name: string;
  branch: string;
  first: number;
  last: number;
}

export interface DigitalResult extends Record<string, unknown> {
  pages: number;
  spreads: number;
  index: DigitalIndexEntry[];
  /** Students shown without a photo, for want of digital-photo consent. */
  withoutConsent: number;
  totalMs: number;
}

/** The spreads of a book of `pages` pages: page 1 alone on the right, then 2–3, 4–5…, the last alone when the count is even. */
const spreadCount = (pages: number) => (pages ? Math.floor(pages / 2) + 1 : 0);
/** The pages of spread `n` (1-based): its left page (none for the first) and its right page (none past the end). */
export const spreadPages = (n: number, pages: number) => ({ left: n > 1 ? 2 * n - 2 : null, right: 2 * n - 1 <= pages ? 2 * n - 1 : null });

/**
 * The book's content as read, with how many students show without a photo. The content is read
 * with the digital-photo answers (`photoPurpose` below), so a student without that consent keeps
 * no portrait and no class panel copy, and the layout draws the design's empty frame there.
 */
const withPhotoGapCount = (sources: BookSources): BookSources & { withoutConsent: number } => ({
  ...sources,
  withoutConsent: sources.consentGaps.filter((gap) => gap.photo !== 'yes').length,
});

export function digitalYearbookJob(db: Db, storage: Storage, pool: WorkerPool): JobHandler {
  return async (job, context) => {
    const started = performance.now();
    let shown: (BookSources & { withoutConsent: number }) | null = null;
    const book = yearbookJob(db, storage, pool, {
      photoPurpose: 'digital-photo',
      sources: async (read) => (shown = withPhotoGapCount(read)),
    });
    // The book is the first half of the work, its screen images the second.
    const made = (await book(job, { ...context, progress: (done, total) => context.progress(done, 2 * total) })) as YearbookResult;
    const contents = shown as (BookSources & { withoutConsent: number }) | null;
    if (!contents) throw new Error('the book was made without its sources');
    await storage.photos.remove(made.file);
    if (made.cover) await storage.photos.remove(made.cover.file);

    const { pages } = made;
    const limits = { timeoutMs: TASK_TIMEOUT_MS, signal: context.signal };
    const proof = async (page: number | null) => (page ? await storage.photos.get(proofKey(job.id, page)) : null);
    const sizes = Object.keys(PAGE_WIDTHS) as PageSize[];
    for (let page = 1; page <= pages; page++) {
      const image = await proof(page);
      if (!image) throw new Error(`page ${page} has no proof`);
      const drawn = await pool.run('screenImages', { image, widths: sizes.map((size) => PAGE_WIDTHS[size]) }, limits);
      await Promise.all(drawn.map((webp, i) => storage.photos.put(digitalPageKey(job.id, sizes[i]!, page), Buffer.from(webp))));
      await context.progress(pages + Math.floor(page / 2), 2 * pages);
    }
    const spreadSizes = Object.keys(SPREAD_WIDTHS) as SpreadSize[];
    const spreads = spreadCount(pages);
    for (let spread = 1; spread <= spreads; spread++) {
      const { left, right } = spreadPages(spread, pages);
      const drawn = await pool.run(
        'spreadImages',
        { left: await proof(left), right: await proof(right), widths: spreadSizes.map((size) => SPREAD_WIDTHS[size]) },
        limits,
      );
      await Promise.all(drawn.map((webp, i) => storage.photos.put(digitalSpreadKey(job.id, spreadSizes[i]!, spread), Buffer.from(webp))));
      await context.progress(pages + Math.floor(pages / 2) + Math.min(spread, Math.ceil(pages / 2)), 2 * pages);
    }

    const ranges = made.studentPageRanges ?? {};
    const index: DigitalIndexEntry[] = contents.model.branches
      .flatMap((branch) =>
        branch.students.flatMap((s) => {
          const range = ranges[String(s.id)];
          return range ? [{ studentId: s.id, name: s.name, branch: branch.name, first: range[0], last: range[1], key: s.indexKey }] : [];
        }),
      )
      // The printed index's order: Turkish alphabetical by last name.
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.studentId - b.studentId))
      .map(({ key: _key, ...entry }) => entry);
    // An older edition's files go: they may show a photo whose consent was since withdrawn.
    const older = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, DIGITAL_YEARBOOK_JOB), eq(jobs.schoolId, job.schoolId ?? -1), lt(jobs.id, job.id)));
    for (const { id } of older) await storage.photos.remove(`yearbooks/${id}`);
    const result: DigitalResult = { pages, spreads, index, withoutConsent: contents.withoutConsent, totalMs: Math.round(performance.now() - started) };
    return result;
  };
}
