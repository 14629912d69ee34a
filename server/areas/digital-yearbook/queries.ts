/**
 * Reading the digital yearbook for a reader: a student now, a parent later. A reader is only
 * where they stand (studio, school, branch, student), so whichever sign-in found them, the answer
 * is the same: their school's latest finished edition, once the book is final, with signed image
 * URLs under the reader's own API prefix.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DigitalFileKind, DigitalYearbook } from '../../../common/schemas/digitalYearbook';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import { jobs, schools, yearbookFinals } from '../../db/schema';
import type { JobRow } from '../../jobs/queue';
import { DIGITAL_YEARBOOK_JOB, spreadPages, type DigitalResult } from './job';

/** Whoever reads the book: the student it is about, or (later) that student's parent. */
export interface DigitalReader {
  studioId: number;
  schoolId: number;
  branchId: number;
  studentId: number;
}

/** A signed URL of an edition's image, under the reader's prefix. */
export type DigitalUrl = (jobId: number, kind: DigitalFileKind, number: number) => string;

/** A school's latest digital edition job (any state), or null when none was ever queued. */
async function latestEdition(db: Db, studioId: number, schoolId: number, status?: JobRow['status']): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, DIGITAL_YEARBOOK_JOB), eq(jobs.studioId, studioId), eq(jobs.schoolId, schoolId), status ? eq(jobs.status, status) : undefined))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row ?? null;
}

async function isFinal(db: Db, studioId: number, schoolId: number): Promise<boolean> {
  const [row] = await db
    .select({ schoolId: yearbookFinals.schoolId })
    .from(yearbookFinals)
    .where(and(eq(yearbookFinals.schoolId, schoolId), eq(yearbookFinals.studioId, studioId)));
  return Boolean(row);
}

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

export async function digitalYearbookOf(db: Db, reader: DigitalReader, url: DigitalUrl): Promise<DigitalYearbook> {
  const [school] = await db
    .select({ name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, reader.schoolId), eq(schools.studioId, reader.studioId)));
  const empty = { success: true as const, title: school?.name ?? '', pages: [], spreads: [], index: [], own: { pages: [], downloads: [] } };
  if (!school || !(await isFinal(db, reader.studioId, reader.schoolId))) return { ...empty, state: 'not-final', message: tr.digitalYearbook.notFinal };
  const edition = await latestEdition(db, reader.studioId, reader.schoolId, 'done');
  if (!edition) return { ...empty, state: 'preparing', message: tr.digitalYearbook.preparing };
  const result = edition.result as DigitalResult;
  const own = result.index.find((entry) => entry.studentId === reader.studentId);
  const ownPages = own ? range(own.first, own.last) : [];
  return {
    ...empty,
    state: 'ready',
    message: null,
    pages: range(1, result.pages).map((number) => ({
      number,
      thumb: url(edition.id, 'thumb', number),
      src: url(edition.id, 'page', number),
      zoom: url(edition.id, 'zoom', number),
    })),
    spreads: range(1, result.spreads).map((number) => {
      const { left, right } = spreadPages(number, result.pages);
      return { first: left ?? right ?? 1, last: right ?? left ?? 1, src: url(edition.id, 'spread', number), zoom: url(edition.id, 'spread-zoom', number) };
    }),
    // A student the book shows without a name (no consent to their text) is kept for their own pages, not searchable.
    index: result.index
      .filter((entry) => entry.name !== '')
      .map((entry) => ({ name: entry.name, branch: entry.branch, pages: range(entry.first, entry.last) })),
    own: {
      pages: ownPages,
      downloads: ownPages.map((page) => ({ page, url: url(edition.id, 'download', page), fileName: tr.digitalYearbook.fileName(page) })),
    },
  };
}

/** The staff's view: whether the book is final and the latest edition's job. */
export async function editionState(db: Db, school: { id: number; studioId: number }) {
  const job = await latestEdition(db, school.studioId, school.id);
  return {
    success: true as const,
    final: await isFinal(db, school.studioId, school.id),
    job: job ? { id: job.id, status: job.status, done: job.done, total: job.total } : null,
  };
}
