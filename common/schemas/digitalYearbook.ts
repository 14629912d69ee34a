/** The digital yearbook as a reader gets it: the final book's pages as images, its name index, and the reader's own pages. */
import { z } from 'zod';
import { id } from './fields';
import { jobResponse } from './yearbook';

/** What a digital yearbook image URL shows: a page at the grid's, a phone's or the zoom's width, a spread at a phone's or the zoom's, or a page to download (JPEG). */
const DIGITAL_FILE_KINDS = ['thumb', 'page', 'zoom', 'spread', 'spread-zoom', 'download'] as const;
export type DigitalFileKind = (typeof DIGITAL_FILE_KINDS)[number];

const page = z.object({
  number: z.number().int(),
  /** Signed image URLs: the grid's small image, a phone screen's, and the large one for zooming in. */
  thumb: z.string(),
  src: z.string(),
  zoom: z.string(),
});

/** Two facing pages as the open book shows them: page 1 alone on the right, then 2–3, 4–5… */
const spread = z.object({ first: z.number().int(), last: z.number().int(), src: z.string(), zoom: z.string() });

/** A student of the book and the pages they are on (their own pages, first to last). */
const indexEntry = z.object({ name: z.string(), branch: z.string(), pages: z.array(z.number().int()) });

export const digitalYearbookResponse = z.object({
  success: z.literal(true),
  /** not-final: the school's book is not final yet; preparing: final, its digital edition not made yet. */
  state: z.enum(['not-final', 'preparing', 'ready']),
  /** What to tell the reader when it is not ready (Turkish); null when ready. */
  message: z.string().nullable(),
  title: z.string(),
  pages: z.array(page),
  spreads: z.array(spread),
  index: z.array(indexEntry),
  /** The reader's student: their pages, and a download of each as an image. */
  own: z.object({ pages: z.array(z.number().int()), downloads: z.array(z.object({ page: z.number().int(), url: z.string(), fileName: z.string() })) }),
});
export type DigitalYearbook = z.infer<typeof digitalYearbookResponse>;

/** The staff's view of a school's digital edition: its latest job (null: never made). */
export const digitalEditionState = z.object({
  success: z.literal(true),
  final: z.boolean(),
  job: jobResponse.shape.job.nullable(),
});

export const digitalFileParams = z.object({ id, kind: z.enum(DIGITAL_FILE_KINDS), n: z.coerce.number().int().min(1).max(100_000) });
